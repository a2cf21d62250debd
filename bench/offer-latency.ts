// Offer latency: a provider's answer through the intake API → the open request page's offer row updated in
// Chromium (docs/behaviour.md#offers). For each approved maintenance request awaiting providers, the
// coordinator chooses providers through the API and opens the request's page; then each offer is declined in
// turn through the intake API, as the marketplace's provider side would. The page stamps each change of the
// Offers table; the latency is from just before the intake call to the first stamp that shows one more
// declined offer.
// Usage: node --import tsx bench/offer-latency.ts [--requests 15] [--offers 3] [--runs 1]
//   (needs `npm run build` first)
import { Schema } from "effect"
import type { Page } from "playwright-core"
import { CandidateList } from "../src/schema/marketplace/candidates"
import { MaintenanceRequestDetail } from "../src/schema/marketplace/marketplace"
import { MaintenanceRequestPage } from "../src/schema/marketplace/record-pages"
import { DEMO, launchBrowser, newPage, signIn } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"
import "./page-globals"

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) || fallback : fallback
}
const requests = option("--requests", 15)
const offersEach = option("--offers", 3)
const runs = option("--runs", 1)
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

const KEY = "bench-offer-latency-intake-key-0123456789"
const BASE = "/api/v1/maintenance-requests/"

/** Stamps every change of the Offers table with the number of declined offers it shows. */
async function stampOffers(page: Page): Promise<void> {
  // No named function inside: tsx would wrap it in a helper the page does not have.
  await page.evaluate(() => {
    const stamps: Array<{ at: number; declined: number }> = []
    window.__stamps = stamps
    new MutationObserver(() => {
      const declined = [
        ...document.querySelectorAll('table[aria-labelledby="offers-title"] tbody tr'),
      ].filter((row) => /Declined/.test(row.textContent ?? "")).length
      if (stamps.at(-1)?.declined !== declined) stamps.push({ at: Date.now(), declined })
    }).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true })
  })
}

async function oneRun(): Promise<number[]> {
  const server = await startServerProcess({ INTAKE_KEY: KEY })
  const browser = await launchBrowser()
  try {
    const login = await fetch(`${server.url}/api/company/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(DEMO.coordinator),
    })
    const { access } = (await login.json()) as { access: string }
    const api = async (path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${access}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
      return res.json()
    }
    const approved = Schema.decodeUnknownSync(MaintenanceRequestPage)(
      await api(`${BASE}?status=approved&page_size=100`),
    )
    const waiting = approved.results.filter((r) => r.providers_state === "awaiting_providers")

    const { page } = await newPage(browser)
    await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
    await page.waitForURL(`${server.url}/dashboard`)

    const latencies: number[] = []
    for (const request of waiting.slice(0, requests)) {
      const candidates = Schema.decodeUnknownSync(CandidateList)(
        await api(`${BASE}${request.uuid}/providers/`),
      )
      const chosen = candidates.results.slice(0, offersEach).map((c) => c.uuid)
      if (chosen.length === 0) continue
      await api(`${BASE}${request.uuid}/select-providers/`, { provider_ids: chosen })
      const detail = Schema.decodeUnknownSync(MaintenanceRequestDetail)(await api(`${BASE}${request.uuid}/`))
      await page.goto(`${server.url}/maintenance-request-details/${request.uuid}`)
      await page
        .getByRole("table", { name: "Offers" })
        .getByText("Offered", { exact: true })
        .first()
        .waitFor()
      await stampOffers(page)
      const open = detail.offers.filter((o) => o.state === "offered")
      for (const [i, offer] of open.entries()) {
        const sentAt = Date.now()
        const res = await fetch(`${server.url}/api/v1/intake/offers/${offer.uuid}/decline/`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-intake-key": KEY },
          body: "{}",
        })
        if (!res.ok) throw new Error(`decline ${offer.uuid}: ${res.status} ${await res.text()}`)
        const at = await page.waitForFunction(
          (n) => window.__stamps?.find((s) => (s.declined ?? 0) > n)?.at,
          i,
          { timeout: 10_000 },
        )
        latencies.push(((await at.jsonValue()) as number) - sentAt)
      }
    }
    return latencies
  } finally {
    await browser.close()
    await server.close()
  }
}

const rows: Array<{ run: number; answers: number; p50: number; p99: number; max: number }> = []
for (let run = 1; run <= runs; run++) {
  const latencies = (await oneRun()).sort((a, b) => a - b)
  rows.push({
    run,
    answers: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  })
}
console.log("offer latency (ms, from the intake API's decline to the open request page's offer row updated)")
console.table(rows)
if (runs > 1)
  console.log(
    `medians of ${runs} runs: p50 ${median(rows.map((r) => r.p50))} ms (${Math.min(...rows.map((r) => r.p50))}–${Math.max(...rows.map((r) => r.p50))}), p99 ${median(rows.map((r) => r.p99))} ms (${Math.min(...rows.map((r) => r.p99))}–${Math.max(...rows.map((r) => r.p99))})`,
  )
