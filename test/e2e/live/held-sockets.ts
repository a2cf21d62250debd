import type { Page, WebSocketRoute } from "playwright-core"

/**
 * Holds every live socket the page opens until the test lets it through (Playwright's routeWebSocket), as a
 * slow network or a busy instance would; `nth(n)` is the n-th one opened.
 */
export async function holdSockets(page: Page) {
  const opened: WebSocketRoute[] = []
  const waiters = new Map<number, (route: WebSocketRoute) => void>()
  await page.routeWebSocket(/\/ws\/notifications\//, (route) => {
    opened.push(route)
    waiters.get(opened.length)?.(route)
  })
  const nth = (n: number) =>
    new Promise<WebSocketRoute>((resolve) => {
      const have = opened[n - 1]
      if (have) resolve(have)
      else waiters.set(n, resolve)
    })
  return { count: () => opened.length, nth }
}
