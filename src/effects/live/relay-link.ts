import { Result, Schema } from "effect"
import { RelayMessage } from "../../schema/live/tab-relay"
import type { ChannelLike } from "../tabs/tab-link"

// The channel the tabs of one session share their live socket on (docs/behaviour.md#one-socket-per-session),
// as plain code: what is posted is encoded, what is heard is decoded, and a message that does not decode (another
// version of the app in another tab) is dropped with a warning.

const encode = Schema.encodeUnknownResult(RelayMessage)
const decode = Schema.decodeUnknownResult(RelayMessage)

export interface RelayLink {
  /** Tells the session's other tabs; a tab never hears its own messages. */
  readonly post: (message: RelayMessage) => void
  /** Hears the other tabs until the returned function is called. */
  readonly listen: (heard: (message: RelayMessage) => void) => () => void
  readonly close: () => void
}

export function relayLinkOver(channel: ChannelLike): RelayLink {
  const listeners = new Set<(message: RelayMessage) => void>()
  const onMessage = (event: MessageEvent) => {
    const decoded = decode(event.data)
    if (Result.isFailure(decoded))
      return console.warn("Dropped a live message from another tab that does not decode")
    for (const listener of listeners) listener(decoded.success)
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
