// Everything a visit to /login downloads as JavaScript, as the browser sees it: every script response until the
// page has rendered its form and the network has gone quiet, whatever asked for it (the entry's static imports,
// a lazy import, a preload), each marked by whether the browser asked for it before the page's first paint (its
// resource timing starts before the first contentful paint). Shared by the bundle benchmark and the end-to-end
// budget test.
import { gzipSync } from "node:zlib"
import type { Browser } from "playwright-core"

export interface Download {
  readonly file: string
  /** Bytes of JavaScript after decoding. */
  readonly raw: number
  /** The same bytes gzipped at level 9: the budget's unit, whatever encoding the server chose. */
  readonly gzip: number
  /** Bytes on the wire as the server sent them (its Brotli or gzip copy), from Content-Length. */
  readonly transferred: number
  readonly encoding: string
  /** Asked for before the page first painted: what the first render waited for, or competed with. */
  readonly beforePaint: boolean
}

const FIREBASE_CODE = /firebase|FirebaseError|@firebase\//
const SONNER_CODE = /data-sonner-toaster/

export interface Visit {
  readonly downloads: ReadonlyArray<Download>
  readonly totalGzip: number
  /** The gzip total of what was asked for before the first paint (the sign-in budget's measure). */
  readonly totalGzipBeforePaint: number
  readonly totalTransferred: number
  readonly firebase: boolean
  readonly sonner: boolean
}

export async function measureLoginVisit(browser: Browser, baseUrl: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const pending: Array<Promise<(Omit<Download, "beforePaint"> & { text: string }) | null>> = []
  page.on("response", (response) => {
    const isScript = response.request().resourceType() === "script" || /\.m?js(\?|$)/.test(response.url())
    if (!isScript) return
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null)
        if (body === null) return null
        const headers = await response.allHeaders()
        return {
          file: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          transferred: Number(headers["content-length"] ?? body.length),
          encoding: headers["content-encoding"] ?? "identity",
          text: body.toString("utf8"),
        }
      })(),
    )
  })
  await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" })
  await page.getByLabel("Email").waitFor()
  await page.waitForLoadState("networkidle")
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    starts: performance
      .getEntriesByType("resource")
      .map((e) => [new URL(e.name).pathname, e.startTime] as [string, number]),
  }))
  const found = (await Promise.all(pending)).filter((d) => d !== null)
  await context.close()
  const { paint } = timing
  if (paint === null) throw new Error("the sign-in page reported no first contentful paint")
  const started = new Map(timing.starts)
  const marked = found.map((d) => {
    const start = started.get(d.file)
    if (start === undefined) throw new Error(`no resource timing for ${d.file}`)
    return { ...d, beforePaint: start < paint }
  })
  return {
    downloads: marked.map(({ text: _, ...d }) => d),
    totalGzip: found.reduce((sum, d) => sum + d.gzip, 0),
    totalGzipBeforePaint: marked.filter((d) => d.beforePaint).reduce((sum, d) => sum + d.gzip, 0),
    totalTransferred: found.reduce((sum, d) => sum + d.transferred, 0),
    firebase: found.some((d) => FIREBASE_CODE.test(d.text)),
    sonner: found.some((d) => SONNER_CODE.test(d.text)),
  }
}
