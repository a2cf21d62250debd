import { Schema } from "effect"
import { ClientMessage, ServerMessage } from "./socket"

// What the tabs of one session say to each other about its one live socket, on the session's own
// BroadcastChannel (docs/behaviour.md#one-socket-per-session). The tab that holds the socket (the leader) relays
// every frame and says when the connection is lost; the others (followers) join with the position they hold, send
// through it, and leave. Another tab may run another version of the app: every message is decoded, and one that
// does not is dropped.

const Tab = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))

export const RelayMessage = Schema.Union([
  /** A follower joins, from the live position it holds (null: from now). */
  Schema.Struct({ type: Schema.Literal("attach"), tab: Tab, since: Schema.NullOr(Schema.Number) }),
  /** A follower's connection closed, or the tab is going away. */
  Schema.Struct({ type: Schema.Literal("detach"), tab: Tab }),
  /** A follower's message for the server. */
  Schema.Struct({ type: Schema.Literal("send"), tab: Tab, message: ClientMessage }),
  /** A follower's browser says the network may be back (online, shown, focused, a navigation, the user asked). */
  Schema.Struct({ type: Schema.Literal("wake") }),
  /** A tab took the socket over: every follower joins again, with the position it holds. */
  Schema.Struct({ type: Schema.Literal("leader") }),
  /** The answer to one follower's attach: its connection's first frame, then what it missed. */
  Schema.Struct({ type: Schema.Literal("welcome"), tab: Tab, frames: Schema.Array(ServerMessage) }),
  /** A frame the socket received, for every follower. */
  Schema.Struct({ type: Schema.Literal("frame"), message: ServerMessage }),
  /** The socket was lost (or an attempt to open it failed), with the close code the followers should see. */
  Schema.Struct({ type: Schema.Literal("lost"), code: Schema.Number }),
])
export type RelayMessage = typeof RelayMessage.Type

/**
 * The claims of an access token that name its session: the user (sub) and the sign-in (sid). Read, never
 * trusted: they only choose which tabs share a socket; the server checks the token itself.
 */
export const SessionClaims = Schema.Struct({ sub: Schema.String, sid: Schema.String })
