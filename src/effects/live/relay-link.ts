import { Result, Schema } from "effect"
import { RelayMessage } from "../../schema/live/tab-relay"
import type { ChannelLike } from "../tabs/tab-link"

// The channels the tabs of one session share their live socket on (docs/behaviour.md#one-socket-per-session), as
// plain code: what is posted is encoded, what is heard is decoded, and a message that does not decode (another
// version of the app in another tab) is dropped with a warning. The holder's stream (each frame, a join and its
// answer) goes on a channel of its own, so that a hidden tab can stop hearing it: the browser wakes a tab for every
// message posted on a channel it has open, and with many tabs open every frame otherwise woke every hidden tab
// beside the one on screen. A channel keeps the order of what is posted on it, not across channels: a join goes
// on the stream, opened by posting it, so the holder hears it only once the joining tab hears the stream, and
// answers it there, before the frames it tells after.

const encode = Schema.encodeUnknownResult(RelayMessage)
const decode = Schema.decodeUnknownResult(RelayMessage)

export interface RelayLink {
  /** Tells the session's other tabs; a tab never hears its own messages. */
  readonly post: (message: RelayMessage) => void
  /** Hears the other tabs until the returned function is called, each message decoded. */
  readonly listen: (heard: (message: RelayMessage) => void) => () => void
  /**
   * Whether this tab hears the stream; off, the browser no longer brings it the frames told meanwhile. Posting a
   * join turns it on.
   */
  readonly hearStream: (on: boolean) => void
  readonly hearsStream: () => boolean
  readonly close: () => void
}

/** What goes on the stream: the holder's frames, a join and its answer. */
const onStream = (message: RelayMessage) =>
  message.type === "frame" || message.type === "welcome" || message.type === "attach"

/**
 * Whether a message as it came is the answer to another tab's join (read, not trusted): hidden tabs catching up
 * ask every few seconds, and each answer, with the frames it carries, reaches every tab that hears the stream.
 */
const answersAnother = (data: unknown, tab: string): boolean =>
  typeof data === "object" &&
  data !== null &&
  Reflect.get(data, "type") === "welcome" &&
  Reflect.get(data, "tab") !== tab

/** The link of the tab named `tab`: an answer to another tab's join is dropped before it is decoded. */
export function relayLinkOver(
  control: ChannelLike,
  openStream: () => ChannelLike | null,
  tab: string,
): RelayLink {
  const listeners = new Set<(message: RelayMessage) => void>()
  const onMessage = (event: MessageEvent) => {
    if (answersAnother(event.data, tab)) return
    const decoded = decode(event.data)
    if (Result.isFailure(decoded))
      return console.warn("Dropped a live message from another tab that does not decode")
    for (const listener of listeners) listener(decoded.success)
  }
  control.addEventListener("message", onMessage)
  let stream: ChannelLike | null = null
  const streamOpen = () => {
    if (stream !== null) return stream
    stream = openStream()
    stream?.addEventListener("message", onMessage)
    return stream
  }
  const streamClosed = () => {
    stream?.removeEventListener("message", onMessage)
    stream?.close?.()
    stream = null
  }
  // A closed channel throws on post: a connection that outlived its session says nothing more.
  let open = true
  return {
    post: (message) => {
      if (!open) return
      const encoded = encode(message)
      if (Result.isFailure(encoded)) return
      const channel = onStream(message) ? streamOpen() : control
      channel?.postMessage(encoded.success)
    },
    listen: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    hearStream: (on) => {
      if (!open) return
      if (on) streamOpen()
      else streamClosed()
    },
    hearsStream: () => stream !== null,
    close: () => {
      open = false
      control.removeEventListener("message", onMessage)
      control.close?.()
      streamClosed()
    },
  }
}
