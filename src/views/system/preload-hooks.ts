import { useEffect } from "react"
import { whenIdle } from "../../effects/system/idle"

/**
 * Fetches every signed-in page's code once the signed-in layout has painted and the browser is idle, so that a
 * page opened later (perhaps while the server is away) needs nothing but its data.
 */
export function usePreloadWhenIdle(preload: () => void): void {
  useEffect(() => whenIdle(preload), [preload])
}
