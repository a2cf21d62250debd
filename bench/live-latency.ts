// Live latency: server insert → bell updated in Chromium. Each probe is sent through the admin API (the
// insert and its NOTIFY are one transaction); the page records when the bell's badge first shows it.
// Usage: node --import tsx bench/live-latency.ts [--count 500] [--tabs 1,50] (needs `npx vite build` first)
// For each tab count in --tabs (ascending), more tabs of the same session are opened until that many are open
// and live, and the first tab is measured again: one run reports 1 tab and 50 tabs side by side, with the
// notification sockets the server holds for that user once they are open (its "notification socket" log lines).
import { DEMO, launchBrowser, newPage, signIn } from "../test/e2e/browser"
import { socketsOf, userIdOf } from "../test/e2e/live/server-sockets"
import { startServerProcess } from "../test/e2e/server-process"

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) || fallback : fallback
}
const count = option("--count", 500)
const tabsAt = process.argv.indexOf("--tabs")
const tabCounts = (tabsAt > 0 ? (process.argv[tabsAt + 1] ?? "") : "1,50")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b)
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

const server = await startServerProcess()
const browser = await launchBrowser()
try {
  // Whose sockets to count; asked before the measured page signs in, so that its sign-in notice is not a probe.
  const coordinatorId = await userIdOf(server.url, DEMO.coordinator)
  const { context, page } = await newPage(browser)
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  await page.getByRole("button", { name: /^Notifications/ }).waitFor()
  await page
    .getByText(/Connection: live/i)
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {})
  // Each change of the badge's label is stamped in the page with the wall clock the server shares.
  await page.evaluate(() => {
    const stamps: Array<{ label: string; at: number }> = []
    window.__stamps = stamps
    new MutationObserver(() => {
      const bell = document.querySelector('button[aria-label^="Notifications"]')
      const label = bell?.getAttribute("aria-label") ?? ""
      if (stamps.at(-1)?.label !== label) stamps.push({ label, at: Date.now() })
    }).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true })
  })
  const adminToken = async () => {
    const login = await fetch(`${server.url}/api/company/login/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(DEMO.admin),
    })
    if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`)
    return ((await login.json()) as { access: string }).access
  }
  // A run with many tabs on a busy machine outlives an access token: a send refused with 401 signs in again and
  // is sent once more, as the app itself would after a refresh.
  let access = await adminToken()
  const send = (body: unknown) =>
    fetch(`${server.url}/api/v1/notifications/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${access}` },
      body: JSON.stringify(body),
    })
  // Sequential probes: each waits for the measured tab's badge before the next is sent.
  const measure = async () => {
    const latencies: number[] = []
    for (let i = 0; i < count; i++) {
      const before = await page.evaluate(() => {
        if (!window.__stamps) throw new Error("no change stamps in the page")
        return window.__stamps.length
      })
      let sentAt = Date.now()
      const probe = { recipient_email: DEMO.coordinator.email, title: `Probe ${i}`, message: "latency" }
      let res = await send(probe)
      if (res.status === 401) {
        access = await adminToken()
        sentAt = Date.now()
        res = await send(probe)
      }
      if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`)
      const at = await page.waitForFunction(
        (n) => {
          const s = window.__stamps ?? []
          return s.length > n ? s[n]?.at : undefined
        },
        before,
        { timeout: 10_000 },
      )
      latencies.push(((await at.jsonValue()) as number) - sentAt)
    }
    return latencies.sort((a, b) => a - b)
  }
  const rows: Array<Record<string, number>> = []
  let open = 1
  for (const tabs of tabCounts) {
    // The other tabs share the session (its refresh cookie), one at a time as a person would open them.
    for (; open < tabs; open++) {
      const other = await context.newPage()
      await other.goto(`${server.url}/dashboard`)
      await other.getByRole("button", { name: /^Notifications/ }).waitFor({ timeout: 60_000 })
    }
    const latencies = await measure()
    rows.push({
      tabs,
      sockets: socketsOf(server.output(), coordinatorId),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
    })
  }
  console.log(
    `live latency over ${count} notifications per row (ms, from the admin call to the badge update)`,
  )
  console.table(rows)
} finally {
  await browser.close()
  await server.close()
}
