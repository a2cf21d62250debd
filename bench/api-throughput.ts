// API throughput: the notifications list (a page of 20, unread only) for a user among 1,000,000 rows, on
// PostgreSQL and on PGlite, against a bare Fastify route in the same run, with autocannon at 50 connections.
// Usage: node --import tsx bench/api-throughput.ts [--rows 1000000] [--seconds 10]
// Goal: ≥ 40 % of the bare route's requests per second, p99 ≤ 25 ms (PostgreSQL).
// The list's pages are served from memory until the user's notifications change (server/notifications/
// page-cache.ts), so the same load is also run while the user's notifications "change" every --churn-ms
// (the pg_notify a mark-all-read sends, naming the user): each one drops the user's pages.
// The page (about 6 KB) is also asked for with `Accept-Encoding: br` and `gzip`, as browsers ask: the cost of
// compressing answers above 1 KB (server/http/compression.ts). The other rows send no Accept-Encoding.
import { type ChildProcess, execFile, fork } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import pg from "pg"
import { READ_CHANNEL, readPayload } from "../server/notifications/channels"
import { DEMO } from "../test/e2e/browser"
import { startServerProcess } from "../test/e2e/server-process"
import { fillNotifications } from "./notification-rows"
import { type BenchDatabase, createBenchDatabase } from "./pg-database"

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}
const ROWS = option("--rows", 1_000_000)
const SECONDS = option("--seconds", 10)
const CHURN_MS = option("--churn-ms", 10)
const CONNECTIONS = 50

interface Cannon {
  requests: { average: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
}

const execFileAsync = promisify(execFile)

/** Runs autocannon in its own process, leaving this one free (the churn below runs meanwhile). */
async function cannon(url: string, token?: string, encoding?: string): Promise<Cannon> {
  const args = ["autocannon", "-c", String(CONNECTIONS), "-d", String(SECONDS), "-j"]
  if (token) args.push("-H", `Authorization=Bearer ${token}`)
  if (encoding) args.push("-H", `Accept-Encoding=${encoding}`)
  const run = await execFileAsync("npx", [...args, url], { encoding: "utf8", maxBuffer: 64 << 20 })
  return JSON.parse(run.stdout) as Cannon
}

async function login(base: string): Promise<{ access: string; userId: number }> {
  const res = await fetch(`${base}/api/company/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(DEMO.coordinator),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status}`)
  const body = (await res.json()) as { access: string; user: { id: number } }
  return { access: body.access, userId: body.user.id }
}

/** Announces a change to the user's notifications every `ms` until stopped, as every write does. */
function churn(url: string, userId: number, ms: number): () => Promise<number> {
  const client = new pg.Client({ connectionString: url })
  let sent = 0
  let stopped = false
  const running = (async () => {
    await client.connect()
    while (!stopped) {
      await client.query("select pg_notify($1, $2)", [READ_CHANNEL, readPayload(userId, "all")])
      sent += 1
      await new Promise((r) => setTimeout(r, ms))
    }
    await client.end()
  })()
  return async () => {
    stopped = true
    await running
    return sent
  }
}

const PAGE = "/api/v1/notifications/?is_read=false&page_size=20"

async function measure(label: string, env: Record<string, string>, churnUrl?: string, encoding?: string) {
  const server = await startServerProcess({ ...env, LOG_LEVEL: "warn" })
  try {
    const { access: token, userId } = await login(server.url)
    const page = await fetch(`${server.url}${PAGE}`, { headers: { Authorization: `Bearer ${token}` } })
    const body = await page.text()
    if (!page.ok) throw new Error(`list failed: ${page.status} ${body}`)
    await cannon(`${server.url}${PAGE}`, token, encoding) // warm-up: plans, pools and JIT
    if (!churnUrl) return { label, env, body, result: await cannon(`${server.url}${PAGE}`, token, encoding) }
    const stop = churn(churnUrl, userId, CHURN_MS)
    const result = await cannon(`${server.url}${PAGE}`, token)
    const changes = await stop()
    return { label: `${label}, ${Math.round(changes / SECONDS)} changes/s`, env, body, result }
  } finally {
    await server.close()
  }
}

async function bare(body: string): Promise<Cannon> {
  const child: ChildProcess = fork(new URL("./bare-server.ts", import.meta.url).pathname, [body], {
    execArgv: ["--import", "tsx"],
  })
  try {
    const { port } = await new Promise<{ port: number }>((resolve) => child.once("message", resolve as never))
    await cannon(`http://127.0.0.1:${port}/bare/`)
    return await cannon(`http://127.0.0.1:${port}/bare/`)
  } finally {
    child.kill()
  }
}

const rows: Array<Record<string, string | number>> = []
const row = (label: string, r: Cannon, baseline?: Cannon) =>
  rows.push({
    target: label,
    "req/s": Math.round(r.requests.average),
    "p50 ms": r.latency.p50,
    "p99 ms": r.latency.p99,
    "of bare": baseline ? `${Math.round((100 * r.requests.average) / baseline.requests.average)} %` : "—",
    "non-2xx": r.non2xx + r.errors,
  })

let postgres: BenchDatabase | null = null
const dataDir = mkdtempSync(join(tmpdir(), "bench-api-"))
try {
  const measured: Array<Awaited<ReturnType<typeof measure>>> = []
  postgres = await createBenchDatabase("bench_api").catch((error: unknown) => {
    console.warn(`PostgreSQL at 127.0.0.1:5432 did not answer (${String(error)}): PGlite only.`)
    return null
  })
  if (postgres) {
    const url = postgres.url
    console.log(`filling ${ROWS.toLocaleString()} rows into PostgreSQL…`)
    await fillNotifications({ kind: "postgres", url }, ROWS)
    measured.push(await measure("notifications list, PostgreSQL", { DATABASE_URL: url }))
  }
  console.log(`filling ${ROWS.toLocaleString()} rows into PGlite…`)
  await fillNotifications({ kind: "pglite", dataDir }, ROWS)
  measured.push(await measure("notifications list, PGlite", { DATA_DIR: dataDir }))
  const first = measured[0]
  if (!first) throw new Error("nothing measured")
  // The machine is shared and its load drifts: the bare route is measured twice, between and after the real
  // ones (the first real one once more in between), and every ratio is taken against the mean of the two.
  const bareBefore = await bare(first.body)
  const second = await measure(`${first.label} (again)`, first.env)
  const churned = postgres ? await measure(first.label, first.env, postgres.url) : null
  const compressed = [
    await measure(`${first.label}, Accept-Encoding: br`, first.env, undefined, "br"),
    await measure(`${first.label}, Accept-Encoding: gzip`, first.env, undefined, "gzip"),
  ]
  const bareAfter = await bare(first.body)
  const baseline: Cannon = {
    ...bareBefore,
    requests: { average: (bareBefore.requests.average + bareAfter.requests.average) / 2 },
  }
  row("bare Fastify route, same body (1)", bareBefore)
  row("bare Fastify route, same body (2)", bareAfter)
  for (const m of [...measured, second, ...(churned ? [churned] : []), ...compressed])
    row(m.label, m.result, baseline)
  console.log(
    `\nAPI throughput, ${CONNECTIONS} connections, ${SECONDS} s each; a page of 20 unread for one user among ${ROWS.toLocaleString()} rows`,
  )
  console.table(rows)
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  await postgres?.drop()
}
