// Live latency: server insert → bell updated in Chromium. Each probe is sent through the admin API (the
// insert and its NOTIFY are one transaction); the page records when the bell's badge first shows it.
// Usage: node --import tsx bench/live-latency.ts [--count 500] [--tabs 1] (needs `npx vite build` first)
// With --tabs N, N-1 more tabs of the same session are open and live; the first tab is the one measured.
import { DEMO, launchBrowser, newPage, signIn } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) || fallback : fallback
}
const count = option("--count", 500)
const tabs = option("--tabs", 1)
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

const server = await startServerProcess()
const browser = await launchBrowser()
try {
  const { context, page } = await newPage(browser)
  await signIn(page, server.url, DEMO.coordinator.email, DEMO.coordinator.password)
  await page.waitForURL(`${server.url}/dashboard`)
  // The other tabs share the session (its refresh cookie), one at a time as a person would open them.
  for (let i = 1; i < tabs; i++) {
    const other = await context.newPage()
    await other.goto(`${server.url}/dashboard`)
    await other.getByRole("button", { name: /^Notifications/ }).waitFor({ timeout: 60_000 })
  }
  await page.getByRole("button", { name: /^Notifications/ }).waitFor()
  await page
    .getByText(/Connection: live/i)
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {})
  // Each change of the badge's label is stamped in the page with the wall clock the server shares.
  await page.evaluate(() => {
    const stamps: Array<{ label: string; at: number }> = []
    ;(window as unknown as { __stamps: typeof stamps }).__stamps = stamps
    new MutationObserver(() => {
      const bell = document.querySelector('button[aria-label^="Notifications"]')
      const label = bell?.getAttribute("aria-label") ?? ""
      if (stamps.at(-1)?.label !== label) stamps.push({ label, at: Date.now() })
    }).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true })
  })
  const login = await fetch(`${server.url}/api/company/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(DEMO.admin),
  })
  const { access } = (await login.json()) as { access: string }
  const latencies: number[] = []
  for (let i = 0; i < count; i++) {
    const before = await page.evaluate(() => (window as unknown as { __stamps: unknown[] }).__stamps.length)
    const sentAt = Date.now()
    const res = await fetch(`${server.url}/api/v1/notifications/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${access}` },
      body: JSON.stringify({
        recipient_email: DEMO.coordinator.email,
        title: `Probe ${i}`,
        message: "latency",
      }),
    })
    if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`)
    const at = await page.waitForFunction(
      (n) => {
        const s = (window as unknown as { __stamps: Array<{ at: number }> }).__stamps
        return s.length > n ? s[n]?.at : undefined
      },
      before,
      { timeout: 10_000 },
    )
    latencies.push(((await at.jsonValue()) as number) - sentAt)
  }
  latencies.sort((a, b) => a - b)
  console.log(
    `live latency over ${count} notifications, ${tabs} tab(s) open (ms, from the admin call to the badge update)`,
  )
  console.table([{ p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) }])
} finally {
  await browser.close()
  await server.close()
}
