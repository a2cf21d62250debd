// `npm run bench:export-csv`: a CSV export of 100,000 work requests from a real server process on PostgreSQL
// (time to first byte, whole file, the server's peak resident memory against idle), then each report query's
// p50 and p99 on that database and on PGlite with the same rows. Three export runs; medians printed.

import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { sql } from "kysely"
import type { DatabaseHandle } from "../server/db/database"
import { backlogByAge, dailyFlow, decisionsByPerson, timingByKind } from "../server/reports/queries"
import { openTestDatabase } from "../test/contract/harness"
import { startServerProcess } from "../test/e2e/server-process"

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
const RUNS = 3
const QUERY_RUNS = 40

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)] ?? 0

async function fill(database: DatabaseHandle) {
  await sql`insert into service_request (kind, title, description, customer_name, location, area, service_category,
      urgency, urgency_rank, photos, submitted_at, status, decided_at, decided_by_name, search_text)
    select 'work', 'Filler request ' || n, 'A description of the work, long enough to look like one.', 'Customer ' || n,
      n || ' High Street', 'Leeds', 'plumbing', 'normal', 1, '{}', now() - (n || ' minutes')::interval,
      case when n % 3 = 0 then 'approved' else 'pending' end,
      case when n % 3 = 0 then now() - (n / 2 || ' minutes')::interval end,
      case when n % 3 = 0 then 'Bench Person ' || (n % 7) end, 'filler request ' || n
    from generate_series(1, ${ROWS}) as n`.execute(database.db)
  await sql`analyze`.execute(database.db)
}

const rssKb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
  return Number(m?.[1] ?? 0)
}

async function exportOnce(url: string, token: string, pid: number) {
  const linkRes = await fetch(`${url}/api/v1/exports/`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ source: "work" }),
  })
  const { url: path } = (await linkRes.json()) as { url: string }
  const idle = rssKb(pid)
  let peak = idle
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid))
  }, 10)
  const start = performance.now()
  const res = await fetch(`${url}${path}`)
  const reader = res.body?.getReader()
  let first = 0
  let bytes = 0
  for (;;) {
    const chunk = await reader?.read()
    if (!chunk || chunk.done) break
    if (first === 0) first = performance.now() - start
    bytes += chunk.value.length
  }
  const total = performance.now() - start
  clearInterval(sampler)
  return { first, total, bytes, idleMb: idle / 1024, peakMb: peak / 1024 }
}

async function queryTimes(label: string, database: DatabaseHandle) {
  const now = new Date()
  const queries = {
    "daily flow (90 d)": () => dailyFlow(database.db, now, 90),
    "timing by kind (90 d)": () => timingByKind(database.db, now, 90, 72 * 3600),
    "backlog by age": () => backlogByAge(database.db, now),
    "decisions by person (90 d)": () => decisionsByPerson(database.db, now, 90),
  }
  for (const [name, run] of Object.entries(queries)) {
    await run()
    const times: number[] = []
    for (let i = 0; i < QUERY_RUNS; i++) {
      const t = performance.now()
      await run()
      times.push(performance.now() - t)
    }
    console.log(`${label} ${name}: p50 ${median(times).toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms`)
  }
}

const pgDb = await openTestDatabase("postgres")
try {
  await fill(pgDb.database)
  await queryTimes("PostgreSQL", pgDb.database)
  const server = await startServerProcess({ DATABASE_URL: pgDb.url ?? "", LOG_LEVEL: "warn" })
  try {
    const pid = Number(
      execFileSync("fuser", [`${server.port}/tcp`], { stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim()
        .split(/\s+/)[0],
    )
    const login = await fetch(`${server.url}/api/company/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "admin-demo-1" }),
    })
    const { access } = (await login.json()) as { access: string }
    const runs = []
    for (let i = 0; i < RUNS; i++) runs.push(await exportOnce(server.url, access, pid))
    for (const r of runs)
      console.log(
        `export: first byte ${r.first.toFixed(0)} ms, whole file ${r.total.toFixed(0)} ms, ${(r.bytes / 1e6).toFixed(1)} MB, server RSS idle ${r.idleMb.toFixed(0)} MB peak ${r.peakMb.toFixed(0)} MB`,
      )
    console.log(
      `export of ${ROWS.toLocaleString("en-GB")}+ rows, median of ${RUNS}: first byte ${median(runs.map((r) => r.first)).toFixed(0)} ms, whole file ${median(runs.map((r) => r.total)).toFixed(0)} ms, server peak ${median(runs.map((r) => r.peakMb)).toFixed(0)} MB against idle ${median(runs.map((r) => r.idleMb)).toFixed(0)} MB`,
    )
  } finally {
    await server.close()
  }
} finally {
  await pgDb.database.close()
  await pgDb.drop()
}

const lite = await openTestDatabase("pglite")
try {
  await fill(lite.database)
  await queryTimes("PGlite", lite.database)
} finally {
  await lite.database.close()
  await lite.drop()
}
