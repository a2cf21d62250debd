import { TAB_CHANNEL } from "../../schema/tabs/tab-names"
import type { TabMessage } from "../../schema/tabs/tabs"
import { loadDecoding } from "../system/load-decoding"

// The other tabs of this browser as plain code: the BroadcastChannel this tab hears them on, opened when the app
// starts, and the browser's lock manager. The app starts before its Effect services have loaded (they load on
// first use): the tabs machine listens here from the start, so that no message sent before they load is missed,
// and the TabChannel service (./tab-channel.ts) is built over this same link, with the token it has heard.

/** The part of a BroadcastChannel the link uses (a test passes Node's, or a fake of the same shape). */
export interface ChannelLike {
  postMessage(message: unknown): void
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void
  close?(): void
}

/** The part of the browser's LockManager the refresh shared between tabs uses. */
export interface LocksLike {
  request(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>
}

export interface TabLink {
  /** Tells the other tabs; a tab never hears its own messages. */
  readonly post: (message: TabMessage) => void
  /** Hears the other tabs' messages, decoded, in the order they came, until the returned function is called. */
  readonly listen: (heard: (message: TabMessage) => void) => () => void
  /** The last token another tab told, and when it was heard; null after a sign-out or before any. */
  readonly latestToken: () => { readonly token: string; readonly at: number } | null
  /** The browser's lock manager, or null where it has none. */
  readonly locks: LocksLike | null
  /** Stops hearing and closes the channel. */
  readonly close: () => void
}

/** The link over a channel and a lock manager; either may be missing (null). */
export function tabLinkOver(channel: ChannelLike | null, locks: LocksLike | null): TabLink {
  let latest: { token: string; at: number } | null = null
  const listeners = new Set<(message: TabMessage) => void>()
  const heard = (message: TabMessage) => {
    if (message.type === "signedOut") latest = null
    else if ("token" in message) latest = { token: message.token, at: Date.now() }
    for (const listener of listeners) listener(message)
  }
  // Every message waits for the same decoder chunk, so messages are still handled in the order they came.
  const onMessage = (event: MessageEvent) => {
    loadDecoding().then(
      ({ decodeTabMessage }) => {
        const decoded = decodeTabMessage(event.data)
        if (decoded._tag === "Failure")
          console.warn("Dropped a message from another tab that does not decode")
        else heard(decoded.success)
      },
      () => console.warn("Dropped a message from another tab: the code to read it could not be loaded"),
    )
  }
  channel?.addEventListener("message", onMessage)
  return {
    post: (message) => channel?.postMessage(message),
    listen: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    latestToken: () => latest,
    locks,
    close: () => {
      channel?.removeEventListener("message", onMessage)
      channel?.close?.()
    },
  }
}

/** The browser's own channel and locks (either may be missing: the app then works tab by tab). */
export function browserTabLink(): TabLink {
  return tabLinkOver(
    typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(TAB_CHANNEL),
    typeof navigator === "undefined" ? null : (navigator.locks ?? null),
  )
}

/** One tab on its own: nothing to hear, nobody to tell, no lock to share (tests). */
export const aloneTabLink = (): TabLink => tabLinkOver(null, null)
