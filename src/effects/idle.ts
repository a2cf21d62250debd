/**
 * Runs `work` once the browser is idle (or soon, where it cannot say), unless cancelled first: for work that
 * must not compete with the first paint, such as fetching the code of pages not yet visited.
 */
export function whenIdle(work: () => void, fallbackMs = 1500): () => void {
  if (typeof window === "undefined") return () => {}
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout: 5000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(work, fallbackMs)
  return () => window.clearTimeout(id)
}
