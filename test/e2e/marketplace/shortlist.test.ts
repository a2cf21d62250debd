import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { visibleCandidates } from "../../../src/machines/marketplace/select-providers.machine"
import { CandidateList } from "../../../src/schema/marketplace/candidates"
import { WorkRequestPage } from "../../../src/schema/marketplace/record-pages"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"
import { readApi } from "../setup-data"

// The select-providers page as a coordinator uses it: each candidate's score and distance, the order explained
// in one sentence, and the distance and capacity filters narrowing the rows to what the answer says they should.

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

describe("the shortlist in Chromium", () => {
  it("shows scores and distances, explains the order, and filters by distance and capacity", async () => {
    const approved = await readApi(
      server.url,
      DEMO.coordinator,
      "/api/v1/work-requests/?status=approved&page_size=100",
      WorkRequestPage,
    )
    // A request whose candidates differ in distance and in room, so both filters leave some out.
    let found: { uuid: string; list: CandidateList } | null = null
    for (const r of approved.results) {
      const list = await readApi(
        server.url,
        DEMO.coordinator,
        `/api/v1/work-requests/${r.uuid}/providers/`,
        CandidateList,
      )
      const near = list.results.filter((c) => c.distance_km !== null && c.distance_km <= 10).length
      const roomy = list.results.filter((c) => c.current_load < c.capacity).length
      if (near > 0 && near < list.count && roomy < list.count) {
        found = { uuid: r.uuid, list }
        break
      }
    }
    if (found === null) throw new Error("the demo data has no request whose candidates the filters narrow")
    const { list } = found
    const { context, page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)
    await page.goto(`${server.url}/work-requests/${found.uuid}/select-providers`)
    const rows = page.getByRole("table", { name: "Candidates" }).locator("tbody tr")
    await rows.first().waitFor()
    expect(await rows.count()).toBe(list.count)
    await page
      .getByText(/Best fit first: the score adds trade/)
      .first()
      .waitFor()
    const top = list.results[0]
    if (!top) throw new Error("no candidates")
    const first = (await rows.first().textContent()) ?? ""
    expect(first).toContain(top.company_name)
    expect(first).toContain(top.score.toFixed(1))
    for (const f of top.factors) expect(first).toContain(f.detail)

    const base = { candidates: list.results, search: "", service: "" }
    await page.getByLabel("Maximum distance").selectOption("10")
    await expect
      .poll(() => rows.count())
      .toBe(visibleCandidates({ ...base, maxKm: 10, hasCapacity: false }).length)
    await page.getByLabel("Has capacity").check()
    const both = visibleCandidates({ ...base, maxKm: 10, hasCapacity: true }).length
    if (both === 0) await page.getByText("No candidate matches the filter.").waitFor()
    else await expect.poll(() => rows.count()).toBe(both)
    await page.getByLabel("Maximum distance").selectOption("")
    await expect
      .poll(() => rows.count())
      .toBe(visibleCandidates({ ...base, maxKm: null, hasCapacity: true }).length)
    await context.close()
  })
})
