import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seriousViolations } from "../axe"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"

// /reports in Chromium against a real server (docs/behaviour.md#reports): each chart drawn by the chart
// library as one named image, the table beside it holding the same figures; no sideways page scroll from
// 320 to 1280 px, the wide tables scrolling in their own box; and a theme switch redrawing the charts.

let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  server = await startServerProcess()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const CHARTS = {
  flow: /^Records received and decided per day, last 30 days$/,
  byKind: "Median time to decision per kind, in hours",
  backlog: "Pending records by how long they have waited",
  people: "Decisions per person",
} as const

async function openReports(width = 1280) {
  const opened = await newPage(browser, { width })
  await opened.page.emulateMedia({ colorScheme: "light" })
  await signIn(opened.page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await opened.page.waitForURL(`${server.url}/dashboard`)
  await opened.page.goto(`${server.url}/reports`)
  for (const name of Object.values(CHARTS)) await chart(opened.page, name).locator("canvas").waitFor()
  return opened
}

const chart = (page: Page, name: string | RegExp) => page.getByRole("img", { name, exact: true })

/** The series uPlot holds for a chart (the hook writes them on its box), without the x values. */
async function figures(page: Page, name: string | RegExp): Promise<number[][]> {
  return JSON.parse((await chart(page, name).getAttribute("data-figures")) ?? "[]")
}

/** A table's body cells, row by row (also in a closed <details>). */
const cells = (page: Page, name: string) =>
  page
    .getByRole("table", { name, includeHidden: true })
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent ?? "")))

/** How many of a chart's canvas pixels are exactly this colour ("#rrggbb"). */
const pixelsOf = (page: Page, name: string, hex: string) =>
  chart(page, name)
    .locator("canvas")
    .evaluate(
      (canvas: HTMLCanvasElement, rgb) => {
        const ctx = canvas.getContext("2d")
        if (!ctx) return 0
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height)
        let n = 0
        for (let i = 0; i < data.length; i += 4)
          if (data[i] === rgb[0] && data[i + 1] === rgb[1] && data[i + 2] === rgb[2] && data[i + 3] === 255)
            n++
        return n
      },
      [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)),
    )

describe("/reports in Chromium", () => {
  it("draws each chart with the library, as one named image, with the table's figures beside it", async () => {
    const { context, page } = await openReports()
    expect(await page.getByRole("img").locator("canvas").count()).toBe(Object.keys(CHARTS).length)
    for (const name of Object.values(CHARTS)) {
      // uPlot's own root in the named image; the image's inside is not read out, its name says what it shows.
      expect(await chart(page, name).locator(".uplot canvas").count(), String(name)).toBe(1)
    }
    const daily = await cells(page, "Received and decided per day")
    expect(daily.length).toBe(30)
    expect(await figures(page, CHARTS.flow)).toEqual([
      daily.map((r) => Number(r[1])),
      daily.map((r) => Number(r[2])),
    ])
    const byKind = await cells(page, "Time to decision per kind")
    const [medians = []] = await figures(page, CHARTS.byKind)
    expect(medians.map((s) => `${(s / 3600).toFixed(1)} h`)).toEqual(byKind.map((r) => r[2]))
    const backlog = await cells(page, "Backlog by age")
    expect(await figures(page, CHARTS.backlog)).toEqual([backlog.map((r) => Number(r[1]))])
    const people = await cells(page, "Decisions per person")
    expect(await figures(page, CHARTS.people)).toEqual([people.map((r) => Number(r[1]))])
    await context.close()
  })

  it("never scrolls the page sideways from 320 to 1280 px: the charts follow the width, wide tables scroll inside", async () => {
    const { context, page } = await openReports(1280)
    for (const width of [1280, 768, 375, 320]) {
      await page.setViewportSize({ width, height: 800 })
      for (const name of Object.values(CHARTS)) {
        const box = chart(page, name)
        // The chart is redrawn at its box's width, whatever the width was when the page opened.
        await expect
          .poll(() =>
            box.evaluate((b) => {
              const canvas = b.querySelector("canvas")?.getBoundingClientRect().width ?? 0
              return Math.abs(b.getBoundingClientRect().width - canvas) <= 1
            }),
          )
          .toBe(true)
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${width} px`,
      ).toBeLessThanOrEqual(width)
    }
    // At 375 px the five columns keep their width and scroll within their named box, which says so.
    await page.setViewportSize({ width: 375, height: 800 })
    const region = page.getByRole("region", { name: "Time to decision, scrollable" })
    expect(await region.evaluate((r) => r.scrollWidth > r.clientWidth)).toBe(true)
    await page.getByText("Time to decision: scroll the table sideways for every column.").waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await context.close()
  })

  it("redraws the charts in the dark theme's colours when the theme switches while the page is open; axe finds nothing serious", async () => {
    const { context, page } = await openReports()
    // The theme's accent, as the page's links show it.
    const link = page.getByRole("link", { name: "Download CSV of backlog by age" })
    const accent = () => link.evaluate((a) => getComputedStyle(a).color)
    const hex = (rgb: string) =>
      `#${(rgb.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, "0"))
        .join("")}`
    const light = hex(await accent())
    for (const name of Object.values(CHARTS))
      expect(await chart(page, name).getAttribute("data-stroke")).toBe(light)
    expect(await pixelsOf(page, CHARTS.backlog, light)).toBeGreaterThan(100)
    expect(await seriousViolations(page, "/reports light")).toEqual([])

    await page.emulateMedia({ colorScheme: "dark" })
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark")
    const dark = hex(await accent())
    expect(dark).not.toBe(light)
    for (const name of Object.values(CHARTS))
      await expect.poll(() => chart(page, name).getAttribute("data-stroke")).toBe(dark)
    expect(await pixelsOf(page, CHARTS.backlog, dark)).toBeGreaterThan(100)
    expect(await pixelsOf(page, CHARTS.backlog, light)).toBe(0)
    expect(await seriousViolations(page, "/reports dark")).toEqual([])
    await context.close()
  })
})
