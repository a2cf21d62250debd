import { Schema } from "effect"

/** Every error body the server sends: `{detail}` (docs/behaviour.md#what-the-server-sends). */
export const ErrorBody = Schema.Struct({
  detail: Schema.String,
})
export type ErrorBody = typeof ErrorBody.Type

/** Profile update failures may carry `detail` or `message`. */
export const ProfileErrorBody = Schema.Struct({
  detail: Schema.optionalKey(Schema.String),
  message: Schema.optionalKey(Schema.String),
})
