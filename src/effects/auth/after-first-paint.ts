// Resolves once the page has shown its first content: work the page can do without (asking the browser for
// passkeys to offer in the email field's autofill, with the services and records that needs) starts only then,
// so that the sign-in page's first paint waits for none of it.
export function afterFirstPaint(): Promise<void> {
  if (typeof PerformanceObserver === "undefined") return Promise.resolve()
  if (performance.getEntriesByName("first-contentful-paint").length > 0) return Promise.resolve()
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return
      observer.disconnect()
      resolve()
    })
    observer.observe({ type: "paint", buffered: true })
  })
}
