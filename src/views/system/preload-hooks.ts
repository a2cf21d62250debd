import { useEffect } from "react"
import { prefersFewerDownloads } from "../../effects/system/connection-hints"
import { whenIdle } from "../../effects/system/idle"

/**
 * Fetches every signed-in page's code once the signed-in layout has painted and the browser is idle, so that a
 * page opened later (perhaps while the server is away) needs nothing but its data.
 */
export function usePreloadWhenIdle(preload: () => void): void {
  useEffect(() => whenIdle(preload), [preload])
}

/**
 * As usePreloadWhenIdle, for code fetched in case it is needed: not on a connection that asks to save data or
 * is 2G-slow, where a hover or a focus still fetches its page (usePreloadOnIntent).
 */
export function usePreloadAheadWhenIdle(preload: () => void): void {
  useEffect(() => (prefersFewerDownloads() ? undefined : whenIdle(preload)), [preload])
}

/**
 * As usePreloadAheadWhenIdle, for data fetched in case it is needed once what it needs is ready (a list opened
 * ahead needs the rest of the session, which itself started in idle time after the first paint): not on a
 * connection that asks to save data or is 2G-slow.
 */
export function useAheadWhenReady(ready: boolean, work: () => void): void {
  useEffect(() => {
    if (ready && !prefersFewerDownloads()) work()
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
