// The tab that holds the session's socket, while hidden, keeps the frames its socket brings for its own page
// instead of applying each at once (docs/behaviour.md#one-socket-per-session); it tells them to the other tabs at
// once all the same. With many tabs of a session open the holder is often one of those off screen, and its own
// page drawing every frame shared the processor with the tab on screen. What is kept
// is applied in order, in one go: when the tab is shown (before it is drawn), between `holdMs` and twice that after
// the first was kept, when `holdFrames` are kept, or before any other message, so that nothing is reordered, lost
// or applied twice. The wait is drawn at random for each tab: hidden tabs that all heard the same frames would
// otherwise all apply them in the same moment, a burst the tab on screen shares the processor with.

export interface HiddenHoldEnv {
  readonly hidden: () => boolean
  /** Calls `listener` when the tab is shown again; returns the function that stops that. */
  readonly onShown: (listener: () => void) => () => void
  readonly holdMs: number
  readonly holdFrames: number
  /** A number in [0, 1): how far past `holdMs` this wait goes (Math.random). */
  readonly jitter: () => number
}

export interface HiddenHold<M> {
  /** A frame: applied now on screen, kept while hidden. */
  readonly frame: (message: M) => void
  /** Anything else: what was kept first, then this. */
  readonly other: (message: M) => void
  /** Applies what is kept now (this tab takes the socket over). */
  readonly flush: () => void
  /** Drops what is kept and stops listening (the tab leaves the session). */
  readonly stop: () => void
}

export function hiddenHold<M>(deliver: (message: M) => void, env: HiddenHoldEnv): HiddenHold<M> {
  const kept: M[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    for (const message of kept.splice(0)) deliver(message)
  }
  const stopShown = env.onShown(flush)
  return {
    frame: (message) => {
      if (!env.hidden()) {
        flush()
        return deliver(message)
      }
      kept.push(message)
      if (kept.length >= env.holdFrames) flush()
      else timer ??= setTimeout(flush, env.holdMs * (1 + env.jitter()))
    },
    other: (message) => {
      flush()
      deliver(message)
    },
    flush,
    stop: () => {
      clearTimeout(timer)
      kept.length = 0
      stopShown()
    },
  }
}
