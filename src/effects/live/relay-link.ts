import { Result, Schema } from "effect"
import { RelayMessage } from "../../schema/live/tab-relay"
import type { ChannelLike } from "../tabs/tab-link"

// The channel the tabs of one session share their live socket on (docs/behaviour.md#one-socket-per-session),
// as plain code: what is posted is encoded, what is heard is decoded, and a message that does not decode (another
// version of the app in another tab) is dropped with a warning. A hidden tab keeps the frames it hears as they
// came, and decodes them only as it applies them: with many tabs open, every frame was otherwise decoded in every
// hidden tab as it came, beside the tab on screen.

const encode = Schema.encodeUnknownResult(RelayMessage)
const decode = Schema.decodeUnknownResult(RelayMessage)

export interface RelayLink {
  /** Tells the session's other tabs; a tab never hears its own messages. */
  readonly post: (message: RelayMessage) => void
  /**
   * Hears the other tabs until the returned function is called, each message as it came (`read` decodes it):
   * a frame may be kept undecoded.
   */
  readonly listen: (heard: (data: unknown) => void) => () => void
  /** The message, decoded; null (with a warning) for one that does not decode. */
  readonly read: (data: unknown) => RelayMessage | null
  readonly close: () => void
}

/** Whether a message as it came says it is a frame (read, not trusted: it is decoded before it is applied). */
export const isFrame = (data: unknown): boolean =>
  typeof data === "object" && data !== null && Reflect.get(data, "type") === "frame"

export function relayLinkOver(channel: ChannelLike): RelayLink {
  const listeners = new Set<(data: unknown) => void>()
  const onMessage = (event: MessageEvent) => {
    for (const listener of listeners) listener(event.data)
  }
  channel.addEventListener("message", onMessage)
  // A closed channel throws on post: a connection that outlived its session says nothing more.
  let open = true
  return {
    post: (message) => {
      if (!open) return
      const encoded = encode(message)
      if (Result.isSuccess(encoded)) channel.postMessage(encoded.success)
    },
    read: (data) => {
      const decoded = decode(data)
      if (Result.isSuccess(decoded)) return decoded.success
      console.warn("Dropped a live message from another tab that does not decode")
      return null
    },
    listen: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close: () => {
      open = false
      channel.removeEventListener("message", onMessage)
      channel.close?.()
    },
  }
}
