import { Schema } from "effect"
import {
  Actor,
  AnyStatus,
  AuditAction,
  CompanyApplication,
  MaintenanceRequest,
  WorkRequest,
} from "../marketplace/marketplace"
import { Channel, Notification } from "../notifications/notifications"
import { PresenceLeave, PresenceMessage, PresenceView } from "./presence"

// The live socket /ws/notifications/?token=ACCESS (docs/behaviour.md#socket-protocol). Every frame is one
// JSON object whose `type` tells the messages apart. The server decodes ClientMessage and encodes
// ServerMessage; the client does the reverse with the same schemas, and drops a frame that does not decode.

const Id = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1))
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))
/**
 * A change's place in the server's live change log (docs/behaviour.md#catching-up): frames carry it so that a
 * page skips what it applied already and resumes from it after a reconnection.
 */
const Position = Schema.optionalKey(Count)
/** One notification's id, or "all" after mark-all-read. */
const ReadTarget = Schema.Union([Id, Schema.Literal("all")])

/** Frames above this are refused by the server: the connection closes with 1009 (message too big). */
export const SOCKET_MAX_PAYLOAD_BYTES = 64 * 1024

/** Close codes the server uses; the client treats 4401 as "refresh the token, then reconnect". */
export const SOCKET_CLOSE = {
  /** Missing, malformed, forged or expired access token (the upgrade is accepted, then closed). */
  unauthorized: { code: 4401, reason: "invalid or expired token" },
  /** The page's Origin is not on the server's allow-list. */
  forbiddenOrigin: { code: 4403, reason: "origin not allowed" },
  /** The server is shutting down; reconnect (another instance, or this one after its restart). */
  goingAway: { code: 1001, reason: "server shutting down" },
  /**
   * The session this socket belongs to was signed out (in another tab, or its refresh token was reused):
   * do not reconnect or refresh; the user must sign in again.
   */
  sessionRevoked: { code: 4410, reason: "session signed out" },
} as const

// ─── Client → server ───────────────────────────────────────────────────────────────────────────────────

export const GetUnreadCount = Schema.Struct({
  type: Schema.Literal("get_unread_count"),
  channel: Schema.optionalKey(Channel),
})
export const MarkNotificationRead = Schema.Struct({
  type: Schema.Literal("mark_notification_read"),
  notification_id: Id,
  channel: Schema.optionalKey(Channel),
})
export const Ping = Schema.Struct({
  type: Schema.Literal("ping"),
  /** Echoed back in the pong: the client measures the round trip with it. */
  timestamp: Schema.Finite,
})

export const ClientMessage = Schema.Union([
  GetUnreadCount,
  MarkNotificationRead,
  Ping,
  PresenceView,
  PresenceLeave,
])
export type ClientMessage = typeof ClientMessage.Type

// ─── Server → client ───────────────────────────────────────────────────────────────────────────────────

export const ConnectionEstablished = Schema.Struct({
  type: Schema.Literal("connection_established"),
  user_id: Id,
  /** The newest notification id the user has (0 for none): the client catches up from its own newest. */
  latest_notification_id: Count,
  unread_count: Count,
  /**
   * Where this socket's stream starts: the `since` the page sent when it could be resumed from (the changes
   * after it follow, then live ones), else the server's newest position.
   */
  position: Position,
  /** The page's `since` could not be resumed from (pruned, malformed, from the future): reload what is shown. */
  reload: Schema.optionalKey(Schema.Literal(true)),
})
export const NotificationMessage = Schema.Struct({
  type: Schema.Literal("notification"),
  notification: Notification,
  unread_count: Count,
  position: Position,
})
export const UnreadCountMessage = Schema.Struct({
  type: Schema.Literal("unread_count"),
  unread_count: Count,
})

const UnreadCountEvent = Schema.Struct({
  event_type: Schema.Literal("unread_count"),
  data: Schema.Struct({ count: Count }),
})
const NotificationReadEvent = Schema.Struct({
  event_type: Schema.Literal("notification_read"),
  data: Schema.Struct({ notification_id: ReadTarget }),
})

/**
 * `update` and `realtime_update` are the same event under two names (clients meet both). This server sends
 * `notification.read` and `unread_count` instead; a client must still accept these.
 */
export const UpdateMessage = Schema.Union([
  Schema.Struct({ type: Schema.Literal("update"), ...UnreadCountEvent.fields }),
  Schema.Struct({ type: Schema.Literal("update"), ...NotificationReadEvent.fields }),
])
export const RealtimeUpdateMessage = Schema.Union([
  Schema.Struct({ type: Schema.Literal("realtime_update"), ...UnreadCountEvent.fields }),
  Schema.Struct({ type: Schema.Literal("realtime_update"), ...NotificationReadEvent.fields }),
])

/** A read made anywhere (this tab, another tab, another instance); followed by an `unread_count`. */
export const NotificationReadMessage = Schema.Struct({
  type: Schema.Literal("notification.read"),
  notification_id: ReadTarget,
  position: Position,
})
/**
 * Marked unread, archived or brought back from the archive anywhere (REST, any tab or instance); followed by
 * an `unread_count`. A read keeps its own `notification.read`.
 */
export const NotificationChangedMessage = Schema.Struct({
  type: Schema.Literal("notification.changed"),
  notification_id: Id,
  change: Schema.Literals(["unread", "archived", "unarchived"]),
  position: Position,
})
export const Pong = Schema.Struct({
  type: Schema.Literal("pong"),
  timestamp: Schema.Finite,
})
/** A frame the server could not use (not JSON, unknown type, wrong fields) or a refused action. */
export const SocketError = Schema.Struct({
  type: Schema.Literal("error"),
  detail: Schema.String,
})

/**
 * A marketplace record changed anywhere (decided, reopened, providers chosen, a new intake), sent to every
 * signed-in socket on every instance (docs/behaviour.md#live-records). `record` is the record as the list
 * endpoints return it, so an open list can show it without asking again; `actor` made the change (`id` null
 * for an applicant or a customer).
 */
export const RecordChangedMessage = Schema.Struct({
  type: Schema.Literal("record.changed"),
  kind: Schema.Literals(["application", "work", "maintenance"]),
  uuid: Schema.String,
  change: AuditAction,
  status: AnyStatus,
  actor: Actor,
  at: Schema.String,
  record: Schema.Union([WorkRequest, MaintenanceRequest, CompanyApplication]),
  position: Position,
})
export type RecordChangedMessage = typeof RecordChangedMessage.Type

/**
 * An account changed on the staff page (invited, changed, deactivated, accepted its invitation), sent to the
 * admins' sockets only: their open staff pages read the list again.
 */
export const StaffChangedMessage = Schema.Struct({
  type: Schema.Literal("staff.changed"),
  user_id: Id,
  position: Position,
})

export const ServerMessage = Schema.Union([
  ConnectionEstablished,
  NotificationMessage,
  UnreadCountMessage,
  UpdateMessage,
  RealtimeUpdateMessage,
  NotificationReadMessage,
  NotificationChangedMessage,
  RecordChangedMessage,
  Pong,
  SocketError,
  PresenceMessage,
  StaffChangedMessage,
])
export type ServerMessage = typeof ServerMessage.Type
