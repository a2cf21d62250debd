import { Schema } from "effect"

// Path parameters arrive as text. A value that names nothing (not a UUID, not a positive id) is the
// domain's 404, exactly like an id that does not exist or is not the caller's, so these accept any text.

export const UuidParams = Schema.Struct({ uuid: Schema.String })
export type UuidParams = typeof UuidParams.Type

export const IdParams = Schema.Struct({ id: Schema.String })
export type IdParams = typeof IdParams.Type

/** A request's offer: both must name the same request, or it is a 404. */
export const OfferParams = Schema.Struct({ uuid: Schema.String, offer: Schema.String })
export type OfferParams = typeof OfferParams.Type
