import { Schema } from "effect"

// Path parameters arrive as text. A value that names nothing (not a UUID, not a positive id) is the
// domain's 404, exactly like an id that does not exist or is not the caller's, so these accept any text.

export const UuidParams = Schema.Struct({ uuid: Schema.String })
export type UuidParams = typeof UuidParams.Type

export const IdParams = Schema.Struct({ id: Schema.String })
export type IdParams = typeof IdParams.Type
