import { useEffect, useRef } from "react"
import { prefersFewerDownloads } from "../../effects/system/connection-hints"
import { eachWhenIdle, whenIdle } from "../../effects/system/idle"
import { useDashboard } from "../marketplace/page-logic"

/**
 * Whether the signed-in page has shown what its first paint waits for: the summary (the dashboard's cards, the
 * sidebar's counts), which every signed-in page asks for as it mounts, has answered or failed. Work ahead of need
 * waits for it, so that it competes with neither that call nor its paint.
 */
export function usePageShown(): boolean {
  return useDashboard((ctx) => ctx.summary !== null || ctx.error !== null)
}

/**
 * Fetches code once the signed-in page has shown and the browser is then idle, so that a part opened later
 * (perhaps while the server is away) needs nothing but its data.
 */
export function usePreloadWhenIdle(preload: () => void): void {
  const shown = usePageShown()
  useEffect(() => (shown ? whenIdle(preload) : undefined), [shown, preload])
}

/**
 * As usePreloadWhenIdle, for the code of many pages fetched in case they are needed, each started in idle time
 * of its own (all at once, they make one long task that delays a click): not on a connection that asks to save
 * data or is 2G-slow, where a hover or a focus still fetches its page (usePreloadOnIntent).
 */
export function usePreloadAheadWhenIdle(preloads: () => ReadonlyArray<() => void>): void {
  const shown = usePageShown()
  useEffect(
    () => (shown && !prefersFewerDownloads() ? eachWhenIdle(preloads()) : undefined),
    [shown, preloads],
  )
}

/**
 * As usePreloadAheadWhenIdle, for data fetched in case it is needed once what it needs is ready (a list opened
 * ahead needs the rest of the session, which itself started in idle time after the first paint): not on a
 * connection that asks to save data or is 2G-slow. The first time, at once (the next idle time may come after
 * the first click); later (ready again as a page is left), in idle time, so as not to compete with the next
 * page's first render.
 */
export function useAheadWhenReady(ready: boolean, work: () => void): void {
  const done = useRef(false)
  useEffect(() => {
    if (!ready || prefersFewerDownloads()) return
    if (done.current) return whenIdle(work)
    done.current = true
    work()
  }, [ready, work])
}

/**
 * Fetches the code of the page a same-origin link leads to as soon as the pointer is over it or the focus
 * reaches it, before the click: the first click then waits for no code, also where nothing is fetched ahead.
 */
export function usePreloadOnIntent(preload: (pathname: string, search: string) => void): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin)
        preload(link.pathname, link.search)
    }
    document.addEventListener("pointerover", onIntent, { passive: true })
    document.addEventListener("focusin", onIntent)
    return () => {
      document.removeEventListener("pointerover", onIntent)
      document.removeEventListener("focusin", onIntent)
    }
  }, [preload])
}
