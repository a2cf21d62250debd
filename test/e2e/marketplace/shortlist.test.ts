import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CANDIDATES_LOAD_FAILED } from "../../../src/machines/marketplace/select-providers.machine"
import { CandidateList } from "../../../src/schema/marketplace/candidates"
import { WorkRequestPage } from "../../../src/schema/marketplace/record-pages"
import { DEMO, launchBrowser, newPage, signIn } from "../browser"
import { type ServerProcess, startServerProcess } from "../server-process"
import { readApi } from "../setup-data"

// The select-providers page as a coordinator uses it: each candidate's score and distance, the order explained
// in one sentence, and the distance and capacity filters asking the server, whose answer (ranked again from 1)
// the rows then are; a failed answer says so, keeps the filter, and can be asked again.

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
    const shortlist = (uuid: string, query = "") =>
      readApi(server.url, DEMO.coordinator, `/api/v1/work-requests/${uuid}/providers/${query}`, CandidateList)
    // A request whose candidates differ in distance and in room, so both filters leave some out.
    let found: { uuid: string; list: CandidateList; near: CandidateList } | null = null
    for (const r of approved.results) {
      const list = await shortlist(r.uuid)
      const near = await shortlist(r.uuid, "?max_distance_km=10")
      const roomy = list.results.filter((c) => c.current_load < c.capacity).length
      if (near.count > 0 && near.count < list.count && roomy < list.count) {
        found = { uuid: r.uuid, list, near }
        break
      }
    }
    if (found === null) throw new Error("the demo data has no request whose candidates the filters narrow")
    const { list, near } = found
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

    // Each row as "name rank", as the page shows it; the server's answer is what the rows must be.
    const shown = () =>
      rows.evaluateAll((trs) =>
        trs.map(
          (tr) =>
            `${tr
              .querySelector("input")
              ?.getAttribute("aria-label")
              ?.replace(/^Choose /, "")} ${tr.querySelectorAll("td")[2]?.textContent}`,
        ),
      )
    const answer = (l: CandidateList) => l.results.map((c) => `${c.company_name} ${c.rank}`)
    // The server ranks what it keeps from 1: the page shows its ranks, not the unfiltered list's.
    expect(near.results.map((c) => c.rank)).toEqual(near.results.map((_, i) => i + 1))
    const far = list.results.find((c) => !near.results.some((n) => n.uuid === c.uuid))
    if (!far) throw new Error("no candidate beyond 10 km")

    const askedNear = page.waitForRequest((r) => r.url().includes("max_distance_km=10"))
    await page.getByLabel("Maximum distance").selectOption("10")
    await askedNear
    await expect.poll(shown).toEqual(answer(near))
    expect(await rows.filter({ hasText: far.company_name }).count()).toBe(0)

    // The server cannot answer: the rows stay, the filter stays as asked, the page says so and asks again.
    await page.route(/\/providers\/\?.*has_capacity=true/, (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"detail":null}' }),
    )
    await page.getByLabel("Has capacity").check()
    const alert = page.getByRole("alert").filter({ hasText: CANDIDATES_LOAD_FAILED })
    await alert.waitFor()
    expect(await page.getByLabel("Has capacity").isChecked()).toBe(true)
    expect(await page.getByLabel("Maximum distance").inputValue()).toBe("10")
    expect(await shown()).toEqual(answer(near))
    await page.unroute(/\/providers\/\?.*has_capacity=true/)
    await alert.getByRole("button", { name: "Try again" }).click()
    await alert.waitFor({ state: "detached" })

    const both = await shortlist(found.uuid, "?max_distance_km=10&has_capacity=true")
    if (both.count === 0) await page.getByText("No candidate matches the filter.").waitFor()
    else await expect.poll(shown).toEqual(answer(both))
    await page.getByLabel("Maximum distance").selectOption("")
    await expect.poll(shown).toEqual(answer(await shortlist(found.uuid, "?has_capacity=true")))
    await context.close()
  })
})
