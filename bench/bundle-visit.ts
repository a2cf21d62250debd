// Everything a visit to /login downloads as JavaScript, as the browser sees it: every script response until the
// page has rendered its form and the network has gone quiet, whatever asked for it (the entry's static imports,
// a lazy import, a preload). Shared by the bundle benchmark and the end-to-end budget test.
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
}

const FIREBASE_CODE = /firebase|FirebaseError|@firebase\//
const SONNER_CODE = /data-sonner-toaster/

export interface Visit {
  readonly downloads: ReadonlyArray<Download>
  readonly totalGzip: number
  readonly totalTransferred: number
  readonly firebase: boolean
  readonly sonner: boolean
}

export async function measureLoginVisit(browser: Browser, baseUrl: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const pending: Array<Promise<(Download & { text: string }) | null>> = []
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
  const found = (await Promise.all(pending)).filter((d) => d !== null)
  await context.close()
  return {
    downloads: found.map(({ text: _, ...d }) => d),
    totalGzip: found.reduce((sum, d) => sum + d.gzip, 0),
    totalTransferred: found.reduce((sum, d) => sum + d.transferred, 0),
    firebase: found.some((d) => FIREBASE_CODE.test(d.text)),
    sonner: found.some((d) => SONNER_CODE.test(d.text)),
  }
}
