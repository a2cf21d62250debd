import { Schema } from "effect"

// The socket frames of presence (docs/behaviour.md#presence): which detail page a socket shows and who else
// is on it. A claim made anywhere travels as `record.changed` (./socket.ts). Records are named by the app's
// kind (`work`, `maintenance`, `application`) and uuid.

export const RecordSourceSchema = Schema.Literals(["work", "maintenance", "application"])
const Uuid = Schema.String.check(Schema.isUUID())

// ─── Client → server ───────────────────────────────────────────────────────────────────────────────────

/** This socket shows the record now (it views at most one: a new view replaces the last). */
export const PresenceView = Schema.Struct({
  type: Schema.Literal("presence.view"),
  kind: RecordSourceSchema,
  uuid: Uuid,
})
/** This socket left the record it viewed. */
export const PresenceLeave = Schema.Struct({ type: Schema.Literal("presence.leave") })

// ─── Server → client ───────────────────────────────────────────────────────────────────────────────────

export const Viewer = Schema.Struct({ id: Schema.Number, full_name: Schema.String })
export type Viewer = typeof Viewer.Type

/**
 * Everyone viewing a record now, sent to each socket viewing it whenever that changes: each person once,
 * in the order they came, without the recipient themselves (their own other tabs are not "someone else").
 */
export const PresenceMessage = Schema.Struct({
  type: Schema.Literal("presence"),
  kind: RecordSourceSchema,
  uuid: Uuid,
  viewers: Schema.Array(Viewer),
})
export type PresenceMessage = typeof PresenceMessage.Type
