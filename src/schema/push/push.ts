import { Schema } from "effect"
import { TypeSwitches } from "../notifications/notifications"

// What arrives through browser push (the data fields read are notification_id and action_url), and
// the preferences answer as the client reads it (the id falls back to 1 when absent).

/** The browser's notification permission: default, granted or blocked. */
export type PushPermission = "default" | "granted" | "denied"

/** FCM data values are strings; the server sends title and body there too (a data-only message). */
export const PushData = Schema.Struct({
  notification_id: Schema.optionalKey(Schema.String),
  action_url: Schema.optionalKey(Schema.String),
  title: Schema.optionalKey(Schema.String),
  body: Schema.optionalKey(Schema.String),
})

/** Firebase's MessagePayload, only the parts read. */
export const PushPayload = Schema.Struct({
  notification: Schema.optionalKey(
    Schema.Struct({ title: Schema.optionalKey(Schema.String), body: Schema.optionalKey(Schema.String) }),
  ),
  data: Schema.optionalKey(PushData),
})
export type PushPayload = typeof PushPayload.Type

export const ClientPreferences = Schema.Struct({
  id: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1))),
  types: TypeSwitches,
  push_token: Schema.optionalKey(Schema.NullOr(Schema.String)),
})
export type ClientPreferences = typeof ClientPreferences.Type
