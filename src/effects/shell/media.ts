/** The browser's media query, or null where there is none (a test's DOM, a worker). */
export function media(query: string): MediaQueryList | null {
  return typeof window === "undefined" || !window.matchMedia ? null : window.matchMedia(query)
}

/**
 * Calls `report` with whether the query matches on every change (and at once when `now`), until the returned
 * function is called. The sidebar's viewport and the colour scheme both follow a query this way.
 */
export function watchMedia(query: string, report: (matches: boolean) => void, now = false): () => void {
  const mq = media(query)
  if (!mq) return () => {}
  const changed = () => report(mq.matches)
  if (now) changed()
  mq.addEventListener("change", changed)
  return () => mq.removeEventListener("change", changed)
}
