import type { User } from "../../schema/auth/auth"
import type { ServerMessage } from "../../schema/live/socket"
import type { Assignee } from "../../schema/marketplace/marketplace"
import type { Notification } from "../../schema/notifications/notifications"
import type { RemoteChange } from "../live/remote-change"
import type { ListSource, RecordDetail, RecordRef } from "../marketplace/marketplace-types"
import type { NotificationChange } from "../notifications/notification-list"

// The facts that cross actors: what happened, said once by the actor it happened to and published on the bus
// (a machine `emit`s it; the bus delivers it as commands, per subscriptions.ts). A publisher never knows who
// listens; a subscriber never reads the publisher's context. Each machine's own `emitted` type is the part of
// this vocabulary it publishes.

/** How a session began: a sign-in here, restored by the cookie at start, or adopted from another tab. */
export type SignInHow = "login" | "restored" | "adopted"
/**
 * How it ended: signed out here, its refresh failed (expired), signed out in another tab or by the server
 * (elsewhere), replaced by another tab's sign-in as someone else, or an error set on it.
 */
export type SignOutHow = "logout" | "expired" | "elsewhere" | "replaced" | "error"

/** The auth actor: the session began, ended, or its token or user changed. */
export type SessionFact =
  | { type: "session.signedIn"; how: SignInHow; token: string; userId: number | null }
  | { type: "session.signedOut"; how: SignOutHow }
  | { type: "session.tokenChanged"; token: string }
  | { type: "session.userChanged"; category: string | null }

/** The refresh queue: a refresh after a 401 gave a new token, or failed (the session is over). */
export type TokenFact =
  | { type: "token.refreshed"; token: string }
  | { type: "token.refreshFailed"; error: string }

/** The other tabs of this browser: one signed in (perhaps as someone else) or signed out. */
export type TabsFact =
  | { type: "tabs.signedInElsewhere"; token: string; userId: number | null }
  | { type: "tabs.signedOutElsewhere" }
  /** Whether this tab is the one of the browser's tabs the person used last (tabs.machine.ts). */
  | { type: "tabs.inUse"; here: boolean }

/** The profile editor saved the user's own fields. */
export type ProfileFact = { type: "profile.saved"; user: Partial<User> }

/**
 * The root: the signed-in actors the first paint needs have started; the session: the rest of them have
 * (facts retained by the bus reach each group as it starts).
 */
export type SystemFact = { type: "system.sessionStarted" } | { type: "system.restStarted" }

/** The socket: open, lost (waiting to reconnect or offline), a decoded frame, the server refused the token. */
export type SocketFact =
  | { type: "socket.connected" }
  | { type: "socket.lost" }
  | { type: "socket.received"; message: ServerMessage; at: number }
  | { type: "socket.tokenRefused" }
  /** The server closed the socket because its session was signed out (elsewhere, or by a reused refresh token). */
  | { type: "socket.sessionRevoked" }

/** The notifications actor. */
export type NotificationsFact =
  /** New to this tab (live or caught up); a toast announces it unless a push toast did. */
  | { type: "notification.arrived"; notification: Notification }
  | { type: "notifications.unreadChanged"; unread: number }
  /** The highest id this tab has seen from any source (list, live, catch-up) grew. */
  | { type: "notifications.seen"; newestId: number }
  /** Read, unread, archived or unarchived: here at once (before the server confirms), or elsewhere. */
  | { type: "notifications.changed"; id: number | "all"; change: NotificationChange }
  /** The server refused a read, unread or archive: every list shown must be loaded again. */
  | { type: "notifications.writeFailed" }

/** Browser push: a foreground message was announced as a push toast. */
export type PushFact = { type: "push.announced"; notificationId: number }

/** A marketplace record changed through this tab (decided, providers chosen). */
export type RecordFact = {
  type: "records.changed"
  source: ListSource
  uuids: ReadonlyArray<string>
}

/**
 * Marketplace records changed elsewhere (the socket): one record changed, or the socket came back after a loss
 * and whatever changed meanwhile is unknown, so lists and counts load again.
 */
export type LiveRecordsFact =
  | { type: "records.remoteChanged"; change: RemoteChange }
  | { type: "records.resync" }

/**
 * A page loaded data that reflects this live change-log position at least (docs/behaviour.md#catching-up):
 * the socket resumes from the oldest such position, and a stream that started after it means a reload.
 */
export type LiveFact = { type: "live.held"; position: number }

/** A record was claimed or released through this tab (docs/behaviour.md#claims). */
export type ClaimFact = {
  type: "records.claimed"
  source: ListSource
  uuid: string
  assignee: Assignee | null
  record: RecordDetail
}

/**
 * An offer withdrawn or more providers offered through this tab (docs/behaviour.md#offers): the request as it
 * is now, or null when the change was refused because it moved meanwhile (so it is loaded again).
 */
export type CourseFact = {
  type: "records.courseChanged"
  source: ListSource
  uuid: string
  record: RecordDetail | null
}

/** The record this tab shows changed, or it shows none (docs/behaviour.md#presence). */
export type PresenceFact = { type: "presence.changed"; viewing: RecordRef | null }

/** A saved view was saved, renamed or deleted through this tab (docs/behaviour.md#saved-views). */
export type SavedViewsFact = { type: "savedViews.changed" }

export type Fact =
  | SessionFact
  | TabsFact
  | TokenFact
  | ProfileFact
  | SystemFact
  | SocketFact
  | NotificationsFact
  | PushFact
  | RecordFact
  | LiveRecordsFact
  | LiveFact
  | ClaimFact
  | PresenceFact
  | CourseFact
  | SavedViewsFact
export type FactType = Fact["type"]
export type FactOf<T extends FactType> = Extract<Fact, { type: T }>
