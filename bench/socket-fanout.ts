// Socket fan-out on one instance: N authenticated idle sockets (opened by bench/socket-load.ts in a second
// process), the server's memory per socket, and how long one notification takes to reach all of them.
// Usage: node --import tsx bench/socket-fanout.ts [--sizes 1000,5000,10000]
// Goal at 10,000: ≤ 10 KB per socket, p99 ≤ 200 ms.
import { fork } from "node:child_process"
import { DEMO } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"
import { inspectMemory, inspectorUrl } from "./inspect-memory"

const arg = process.argv.indexOf("--sizes")
const sizes = (arg > 0 ? (process.argv[arg + 1] ?? "") : "1000,5000,10000").split(",").map(Number)
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function login(base: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/company/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(account),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status}`)
  return ((await res.json()) as { access: string }).access
}

const server = await startServerProcess({ LOG_LEVEL: "warn", NODE_OPTIONS: "--inspect=127.0.0.1:0" })
const rows: Array<Record<string, number>> = []
try {
  const memory = () => inspectMemory(inspectorUrl(server.output()))
  const wsUrl = `${server.url.replace(/^http/, "ws")}/ws/notifications/`
  for (const size of sizes) {
    // Tokens last five minutes: a fresh pair per size keeps the long runs valid.
    const recipient = await login(server.url, DEMO.coordinator)
    const admin = await login(server.url, DEMO.admin)
    const before = await memory()
    const loader = fork(
      new URL("./socket-load.ts", import.meta.url).pathname,
      [wsUrl, recipient, String(size)],
      {
        execArgv: ["--import", "tsx"],
      },
    )
    const next = (type: string) =>
      new Promise<{ type: string; at?: number[] }>((resolve, reject) => {
        loader.once("exit", (code) => reject(new Error(`load generator exited with ${code}`)))
        loader.on("message", (m: { type: string; at?: number[] }) => m.type === type && resolve(m))
      })
    await next("ready")
    const after = await memory()
    const received = next("received")
    const sentAt = Date.now()
    const res = await fetch(`${server.url}/api/v1/notifications/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin}` },
      body: JSON.stringify({
        recipient_email: DEMO.coordinator.email,
        title: `Fan-out ${size}`,
        message: "x",
      }),
    })
    if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`)
    const latencies = ((await received).at ?? []).map((at) => at - sentAt).sort((a, b) => a - b)
    rows.push({
      sockets: size,
      "heap KB per socket": +((after.heapUsedKb - before.heapUsedKb) / size).toFixed(2),
      "external KB per socket": +((after.externalKb - before.externalKb) / size).toFixed(2),
      "RSS KB per socket": +((after.rssKb - before.rssKb) / size).toFixed(2),
      "delivery p50 ms": percentile(latencies, 50),
      "delivery p99 ms": percentile(latencies, 99),
      "delivery max ms": latencies.at(-1) ?? Number.NaN,
    })
    loader.send({ type: "close" })
    await new Promise((r) => loader.once("exit", r))
    await sleep(2000)
  }
  console.log("socket fan-out on one instance (one notification to a user holding every socket)")
  console.table(rows)
} finally {
  await server.close()
}
