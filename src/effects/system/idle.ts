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

/**
 * Runs `work` as soon as the page has painted its first content, unless cancelled first: for a small piece of
 * the page that must not delay the first render but should not queue behind the idle-time loading either. Where
 * the browser cannot tell when it painted, it waits for idle time; a page that never paints (a tab opened in the
 * background) never runs it.
 */
export function onFirstPaint(work: () => void): () => void {
  if (typeof window === "undefined") return () => {}
  if (
    typeof PerformanceObserver === "undefined" ||
    !PerformanceObserver.supportedEntryTypes?.includes("paint")
  )
    return whenIdle(work)
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((e) => e.name === "first-contentful-paint")) return
    observer.disconnect()
    work()
  })
  observer.observe({ type: "paint", buffered: true })
  return () => observer.disconnect()
}

/**
 * Runs `work` once the page has painted its first content and the browser is then idle, unless cancelled first:
 * for work that must not delay the first render, nor the parts that `onFirstPaint` runs.
 */
export function afterFirstPaint(work: () => void): () => void {
  // Observers call back in a task of their own, never within onFirstPaint: the idle wait replaces the paint's.
  let cancel = onFirstPaint(() => {
    cancel = whenIdle(work)
  })
  return () => cancel()
}

/**
 * Runs each of `tasks` in an idle period of its own, unless cancelled first: many small jobs started together (a
 * page's code each) make one long task that delays a click, and on a slow phone each takes several times longer;
 * one at a time, none does.
 */
export function eachWhenIdle(tasks: ReadonlyArray<() => void>): () => void {
  let next = 0
  let cancel = () => {}
  const step = () => {
    tasks[next++]?.()
    if (next < tasks.length) cancel = whenIdle(step)
  }
  cancel = whenIdle(step)
  return () => cancel()
}

/**
 * Resolves in a task of its own, soon: work split at it (evaluating a chunk, then building what it provides)
 * leaves the browser free to paint and take input between the parts, where together they make one long task
 * on a slow phone.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
