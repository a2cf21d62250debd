// Record latency: a marketplace change made through the API → the open list's row updated in Chromium. A
// coordinator's tab shows the pending work requests with one row ticked for a bulk decision (so that the row
// stays in place whatever its status); an admin alternately rejects and reopens that record through the API.
// The page stamps each change of the row's text; the latency is from just before the API call to the stamp.
// Usage: node --import tsx bench/record-latency.ts [--count 200] (needs `npx vite build` first)
import { DEMO, launchBrowser, newPage, signIn } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) || fallback : fallback
}
const count = option("--count", 200)
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

const server = await startServerProcess()
const browser = await launchBrowser()
try {
  const { page } = await newPage(browser)
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  await page.goto(`${server.url}/website-coordinator/pending-requests`)
  const first = page.getByRole("table").getByRole("link").first()
  await first.waitFor()
  const href = (await first.getAttribute("href")) ?? ""
  const uuid = href.split("/").at(-1) ?? ""
  await page.getByRole("table").getByRole("checkbox").nth(1).check()
  await page.evaluate((link) => {
    const stamps: Array<{ text: string; at: number }> = []
    window.__stamps = stamps
    new MutationObserver(() => {
      const row = document.querySelector(`a[href="${link}"]`)?.closest("tr")
      const text = row?.textContent ?? ""
      if (stamps.at(-1)?.text !== text) stamps.push({ text, at: Date.now() })
    }).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true })
  }, href)

  const login = await fetch(`${server.url}/api/company/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(DEMO.admin),
  })
  const access = ((await login.json()) as { access: string }).access
  const post = (action: string, body: unknown) =>
    fetch(`${server.url}/api/v1/work-requests/${uuid}/${action}/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${access}` },
      body: JSON.stringify(body),
    })

  const latencies: number[] = []
  for (let i = 0; i < count; i++) {
    const before = await page.evaluate(() => {
      if (!window.__stamps) throw new Error("no change stamps in the page")
      return window.__stamps.length
    })
    const sentAt = Date.now()
    const res = i % 2 === 0 ? await post("reject", { reason: `Probe ${i}` }) : await post("reopen", {})
    if (!res.ok) throw new Error(`change ${i} failed: ${res.status} ${await res.text()}`)
    const at = await page.waitForFunction(
      (n) => {
        const s = window.__stamps ?? []
        return s.length > n ? s[n]?.at : undefined
      },
      before,
      { timeout: 10_000 },
    )
    latencies.push(((await at.jsonValue()) as number) - sentAt)
    // The row may change twice for one change (in place, then the background reload): let it settle.
    await page.waitForTimeout(30)
  }
  latencies.sort((a, b) => a - b)
  console.log(`record latency over ${count} changes (ms, from the API call to the list row updated)`)
  console.table([
    { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN },
  ])
} finally {
  await browser.close()
  await server.close()
}
