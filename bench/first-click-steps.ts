// The steps of bench/first-click.ts, shared with bench/first-click-profile.ts so that the profile looks at the
// same clicks, after the same waits: sign in, let the dashboard settle, then click to a list, one of its
// requests, and the inbox, each timed in the page from the click to the next frame after it shows its content.
import type { BrowserContext, Page } from "playwright-core"
import { DEMO, signIn } from "../test/e2e/browser"

export type Target = "list" | "detail" | "inbox"
export const TARGETS: ReadonlyArray<Target> = ["list", "detail", "inbox"]

interface Click {
  /** The link clicked, by CSS selector (the first one shown). */
  readonly link: string
  /** The page is shown when this holds (evaluated in the page). */
  readonly shown: Target
  /** The sidebar groups opened (not timed) until the link shows. */
  readonly groups: ReadonlyArray<RegExp>
}

export const CLICKS: Record<Target, Click> = {
  list: {
    link: 'nav a[href="/website-coordinator/pending-requests"]',
    shown: "list",
    groups: [/^Requests/, /^Work Requests/],
  },
  detail: { link: 'main table a[href^="/work-request-details/"]', shown: "detail", groups: [] },
  inbox: { link: 'nav a[href="/notifications"]', shown: "inbox", groups: [/^More/] },
}

export interface Clicked {
  /** Milliseconds from the click to the frame after the page showed its content. */
  readonly ms: number
  /** The page's requests that started after the click (ms from the click: start and end). */
  readonly requests: ReadonlyArray<{ name: string; start: number; end: number }>
}

const CLICK_TIMEOUT_MS = 20_000

/** Clicks the first shown link, in the page, and resolves with the milliseconds until the next frame after the
 * page showed its content. A `first-click` performance mark is set at the click (for a trace). */
export const timedClick = (page: Page, click: Click): Promise<Clicked> =>
  page.evaluate(
    ({ link, shown, timeoutMs }) =>
      new Promise<Clicked>((resolve, reject) => {
        const anchor = [...document.querySelectorAll<HTMLAnchorElement>(link)].find(
          (a) => a.offsetParent !== null,
        )
        if (!anchor) return reject(new Error(`no shown link ${link}`))
        const main = () => document.querySelector("main")
        const done = (): boolean => {
          const path = location.pathname
          if (shown === "list")
            return (
              path === "/website-coordinator/pending-requests" &&
              main()?.querySelector('table a[href^="/work-request-details/"]') != null
            )
          if (shown === "detail")
            return (
              path.startsWith("/work-request-details/") &&
              (main()?.querySelector("#page-title")?.textContent ?? "").startsWith("Work request: ")
            )
          return (
            path === "/notifications" &&
            main()?.querySelector("#page-title") != null &&
            !(main()?.textContent ?? "").includes("Loading...")
          )
        }
        const start = performance.now()
        performance.mark("first-click")
        const timer = setTimeout(() => {
          observer.disconnect()
          reject(new Error(`${shown} did not show within ${timeoutMs} ms`))
        }, timeoutMs)
        const finish = () => {
          observer.disconnect()
          clearTimeout(timer)
          requestAnimationFrame(() =>
            setTimeout(() => {
              const end = performance.now()
              const requests = performance
                .getEntriesByType("resource")
                .filter((e) => e.startTime >= start - 1)
                .map((e) => ({
                  name: new URL(e.name).pathname + new URL(e.name).search.slice(0, 60),
                  start: e.startTime - start,
                  end: (e as PerformanceResourceTiming).responseEnd - start,
                }))
              resolve({ ms: end - start, requests })
            }, 0),
          )
        }
        const observer = new MutationObserver(() => {
          if (done()) finish()
        })
        observer.observe(document.body, { childList: true, subtree: true, characterData: true })
        anchor.click()
      }),
    { link: click.link, shown: click.shown, timeoutMs: CLICK_TIMEOUT_MS },
  )

/** Opens the sidebar groups down to a link (not timed: a person opens them before the click that counts). */
async function reveal(page: Page, click: Click): Promise<void> {
  for (const group of click.groups) {
    if (await page.locator(click.link).first().isVisible()) return
    const toggle = page.getByRole("navigation").getByRole("button", { name: group }).first()
    if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click()
  }
  await page.locator(click.link).first().waitFor()
}

const QUIET_MS = 500
const SETTLE_LIMIT_MS = 15_000

/**
 * Waits until none of the page's requests has been in flight for QUIET_MS (at most SETTLE_LIMIT_MS).
 * Playwright's "networkidle" is a load state: reached once on the sign-in page, it stays reached through the
 * app's own navigations, so it let the click come before the signed-in page's own fetches had even begun.
 */
function quietNetwork(page: Page): () => Promise<void> {
  let inFlight = 0
  let last = Date.now()
  const started = () => {
    inFlight += 1
    last = Date.now()
  }
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1)
    last = Date.now()
  }
  page.on("request", started)
  page.on("requestfinished", ended)
  page.on("requestfailed", ended)
  return async () => {
    const limit = Date.now() + SETTLE_LIMIT_MS
    while (Date.now() < limit && (inFlight > 0 || Date.now() - last < QUIET_MS))
      await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * One visit: the CPU slowed by `rate`, sign in, let the dashboard settle, then each click in turn (list, detail,
 * inbox), the page settled before each. `around` wraps each click (a profile of one of them).
 */
export async function visit(
  context: BrowserContext,
  page: Page,
  url: string,
  rate: number,
  around: (target: Target, click: () => Promise<Clicked>) => Promise<Clicked> = (_, click) => click(),
): Promise<Record<Target, Clicked>> {
  const settle = quietNetwork(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate })
  // tsx keeps the names of this file's functions with a helper the page lacks; the timed click runs there.
  await page.addInitScript("globalThis.__name = (fn) => fn")
  await signIn(page, url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${url}/dashboard`)
  await page.getByRole("heading", { name: "Dashboard" }).waitFor()
  const out: Partial<Record<Target, Clicked>> = {}
  for (const target of TARGETS) {
    await settle()
    await reveal(page, CLICKS[target])
    await settle()
    out[target] = await around(target, () => timedClick(page, CLICKS[target]))
  }
  return out as Record<Target, Clicked>
}
