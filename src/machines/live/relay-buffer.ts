import type { ServerMessage } from "../../schema/live/socket"

// What the tab that holds the session's socket keeps for the tabs that follow it
// (docs/behaviour.md#one-socket-per-session): the connection's first frame with its counts kept current, and
// the last frames that carry a position. A tab that joins with the position it holds is answered as the server
// answers a socket that resumes from it: the changes after it, or a reload when they reach back no further.
// Pure.

type Established = Extract<ServerMessage, { type: "connection_established" }>
type Positioned = ServerMessage & { readonly position: number }

export interface RelayBuffer {
  /** The open connection's first frame, its counts kept up to date since; null while none is open. */
  readonly established: Established | null
  /** The furthest position the stream reached; null before any (or from a server that sends none). */
  readonly position: number | null
  /** Every frame after this position is in `frames`; null: none is kept. */
  readonly floor: number | null
  /** The frames with a position, oldest first. */
  readonly frames: ReadonlyArray<Positioned>
}

export const emptyRelayBuffer: RelayBuffer = { established: null, position: null, floor: null, frames: [] }

const positioned = (message: ServerMessage): message is Positioned =>
  "position" in message && typeof message.position === "number"

/** The unread count a frame says, if it says one. */
function unreadOf(message: ServerMessage): number | null {
  switch (message.type) {
    case "notification":
    case "unread_count":
      return message.unread_count
    case "update":
    case "realtime_update":
      return message.event_type === "unread_count" ? message.data.count : null
    default:
      return null
  }
}

/** The counts of the connection's first frame, brought up to date by a later frame. */
function current(established: Established, message: ServerMessage): Established {
  const unread = unreadOf(message)
  const latest =
    message.type === "notification"
      ? Math.max(established.latest_notification_id, message.notification.id)
      : established.latest_notification_id
  return unread === null && latest === established.latest_notification_id
    ? established
    : { ...established, unread_count: unread ?? established.unread_count, latest_notification_id: latest }
}

/** The buffer after the socket received a frame; at most `keep` positioned frames are kept. */
export function relayTake(buffer: RelayBuffer, message: ServerMessage, keep: number): RelayBuffer {
  if (message.type === "connection_established") {
    const at = message.position ?? null
    // Resumed where the last connection's stream stopped: what was kept still joins up with what follows.
    const continues =
      at !== null && message.reload !== true && buffer.position !== null && at <= buffer.position
    return continues
      ? { ...buffer, established: message }
      : { established: message, position: at, floor: at, frames: [] }
  }
  const established = buffer.established === null ? null : current(buffer.established, message)
  if (!positioned(message) || (buffer.position !== null && message.position <= buffer.position))
    return { ...buffer, established }
  const frames = [...buffer.frames, message]
  const dropped = frames.length > keep ? frames.splice(0, frames.length - keep) : []
  return {
    established,
    position: message.position,
    floor: dropped.at(-1)?.position ?? buffer.floor,
    frames,
  }
}

/** The connection is gone: nobody is answered until the next one's first frame. */
export const relayLost = (buffer: RelayBuffer): RelayBuffer => ({ ...buffer, established: null })

/**
 * What a tab that joins from `since` (null: from now) is sent, as if its own socket had opened: the first
 * frame (at its own position when the kept frames reach back to it, else at the newest, with `reload`), the
 * frames after its position, and the unread count as it is now (a replayed notification carries an older one).
 * Null while no connection is open.
 */
export function welcomeFrames(buffer: RelayBuffer, since: number | null): ServerMessage[] | null {
  if (buffer.established === null) return null
  const { reload: _reload, position: _position, ...established } = buffer.established
  const newest = buffer.position
  if (newest === null) return [established]
  if (since === null) return [{ ...established, position: newest }]
  if (buffer.floor === null || since < buffer.floor)
    return [{ ...established, position: newest, reload: true }]
  const missed = buffer.frames.filter((frame) => frame.position > since)
  return missed.length === 0
    ? [{ ...established, position: since }]
    : [
        { ...established, position: since },
        ...missed,
        { type: "unread_count", unread_count: established.unread_count },
      ]
}
