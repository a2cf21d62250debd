import { Schema } from "effect"

// The socket frames of presence (docs/behaviour.md#presence): which detail page a socket shows and who else
// is on it. A claim made anywhere travels as `record.changed` (./socket.ts). Records are named by the app's
// kind (`work`, `maintenance`, `application`) and uuid.

export const RecordSourceSchema = Schema.Literals(["work", "maintenance", "application"])
const Uuid = Schema.String.check(Schema.isUUID())

// ─── Client → server ───────────────────────────────────────────────────────────────────────────────────

/**
 * Which of a socket's views a message is about: the tabs of one session share one socket
 * (docs/behaviour.md#one-socket-per-session), and the tab that holds it sends each other tab's view under that
 * tab's name. Without it, the socket's own view.
 */
const ViewName = Schema.optionalKey(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64)))

/** This view shows the record now (a view shows at most one: a new view replaces the last). */
export const PresenceView = Schema.Struct({
  type: Schema.Literal("presence.view"),
  kind: RecordSourceSchema,
  uuid: Uuid,
  view: ViewName,
})
/** This view left the record it showed. */
export const PresenceLeave = Schema.Struct({ type: Schema.Literal("presence.leave"), view: ViewName })

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
