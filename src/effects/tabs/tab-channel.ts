import { Context, Effect, Layer } from "effect"
import { REFRESH_LOCK } from "../../schema/tabs/tab-names"
import type { TabMessage } from "../../schema/tabs/tabs"
import { type ChannelLike, type LocksLike, type TabLink, tabLinkOver } from "./tab-link"

// The tabs of one browser, as an Effect service over the link the app opened at start (./tab-link.ts): what one
// tab posts the others hear (BroadcastChannel), and a refresh shared between them under a lock no two tabs hold
// at once (Web Locks), so that a refresh in one tab does not make another refresh again. Both exist in every
// browser we support; where one is missing the app still works, tab by tab.

export interface TabChannelShape {
  /** Tells the other tabs; a tab never hears its own messages. */
  readonly post: (message: TabMessage) => Effect.Effect<void>
  /** Hears the other tabs' messages until the returned function is called. */
  readonly listen: (heard: (message: TabMessage) => void) => Effect.Effect<() => void>
  /**
   * Runs `refresh` (which gives an access token) as the one refresh of the browser: while another tab refreshes,
   * this one waits, then takes the token that one obtained instead of refreshing again. A token obtained here is
   * told to the other tabs.
   */
  readonly shareRefresh: <E, R>(refresh: Effect.Effect<string, E, R>) => Effect.Effect<string, E, R>
}

/**
 * How long a tab that waited for another's refresh waits for that tab's token to arrive (it is posted before the
 * lock is let go, but the channel and the lock are separate paths between tabs); without it, it refreshes itself.
 */
export const SHARED_TOKEN_WAIT_MS = 1000

export class TabChannel extends Context.Service<TabChannel, TabChannelShape>()("app/TabChannel") {
  /** The service over the link the app opened at start (./tab-link.ts), which the app closes itself. */
  static readonly over = (link: TabLink) => Layer.succeed(TabChannel, channelOn(link))

  /** One tab on its own: nothing to hear, nobody to tell, no lock to share (tests, and browsers without either). */
  static readonly alone = Layer.succeed(TabChannel, channelOver(null, null))
}

/** The service over a channel and a lock manager; either may be missing (null). */
export function channelOver(channel: ChannelLike | null, locks: LocksLike | null): TabChannelShape {
  return channelOn(tabLinkOver(channel, locks))
}

/** The service over an open link: what the link heard before the service was built counts too. */
export function channelOn(link: TabLink): TabChannelShape {
  const { locks } = link

  /** Holds the lock; `waited` says whether another tab held it when it was asked for. */
  const hold = Effect.callback<{ release: () => void; waited: boolean }>((resume, signal) => {
    if (!locks) return resume(Effect.succeed({ release: () => {}, waited: false }))
    const held = (waited: boolean) => () =>
      new Promise<void>((release) => resume(Effect.succeed({ release: () => release(), waited })))
    const queue = () => locks.request(REFRESH_LOCK, { signal }, held(true)).catch(() => undefined)
    locks
      .request(REFRESH_LOCK, { ifAvailable: true }, (lock) => {
        if (lock !== null) return held(false)()
        // Held elsewhere: this request ends at once and a queued one waits for the lock.
        void queue()
        return Promise.resolve()
      })
      .catch(() => undefined)
  })

  /** The token another tab obtained since `since`, waiting up to `ms` for it to arrive. */
  const tokenSince = (since: number, ms: number) =>
    Effect.callback<string | null>((resume) => {
      const latest = link.latestToken()
      if (latest && latest.at >= since) return resume(Effect.succeed(latest.token))
      const timer = setTimeout(() => {
        done()
        resume(Effect.succeed(null))
      }, ms)
      const stop = link.listen((message) => {
        if (!("token" in message)) return
        done()
        resume(Effect.succeed(message.token))
      })
      const done = () => {
        clearTimeout(timer)
        stop()
      }
      return Effect.sync(done)
    })

  const post = (message: TabMessage) => Effect.sync(() => link.post(message))
  return {
    post,
    listen: (listener) => Effect.sync(() => link.listen(listener)),
    shareRefresh: (refresh) =>
      Effect.suspend(() => {
        const asked = Date.now()
        return Effect.acquireUseRelease(
          hold,
          ({ waited }) =>
            Effect.gen(function* () {
              const shared = waited ? yield* tokenSince(asked, SHARED_TOKEN_WAIT_MS) : null
              if (shared !== null) return shared
              const token = yield* refresh
              yield* post({ type: "token", token })
              return token
            }),
          ({ release }) => Effect.sync(release),
        )
      }),
  }
}
