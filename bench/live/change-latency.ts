// Change latency across instances: three instances of the server on one PostgreSQL; an admin rejects and
// reopens work requests through instance B at a steady rate, and a socket held by instance A (what a page's
// list listens to) receives each change as `record.changed`. Prints, per rate, p50 and p99 of
//   - live: from just before the decision's HTTP call to B until A's socket has the frame, and
//   - commit: the decision's HTTP round trip on B (the transaction with its change-log entry).
// Open loop: decisions are sent on a schedule, not one after another; each record's own decisions wait for
// each other (a reopen needs the reject first), spread over a pool of records.
// Each instance runs in a process of its own (./instance.ts); --one-process runs all three in the benchmark's
// own process, beside its client, as earlier runs did.
// With --without-log the change log's append and sequencing (live_append, live_sequence) do nothing: the
// commit latency of the same decisions without the outbox, for comparison (nothing reaches the socket then;
// the pending rows an audit statement writes itself stay pending).
// Also per decision: the CPU time each instance (A, B, C), the benchmark's own process (its HTTP client and
// socket) and the PostgreSQL cluster used during the rate (from /proc; the cluster's includes anything else it
// served meanwhile).
// --socket [DIR]: the instances reach PostgreSQL through its Unix socket in DIR (/var/run/postgresql) instead
// of TCP on 127.0.0.1 (docs/operations.md: the database on the same machine).
// --warmup S: S seconds of decisions at 100/s before the first rate, left out of the figures (default 3; 0 for
// none, as before this option, when the first rate also met code not yet compiled and statements not yet
// planned).
// --idle S: first S seconds with no decisions; prints each process's CPU a second meanwhile (its timers and
// sweeps: the part of a low rate's CPU a decision that is no decision's).
// --semi-space MB: each instance's V8 young generation, as `npm run serve` sets it (default 32; 0 for V8's own
// default, 16 here, as the instances ran before it was set).
// Usage: node --import tsx bench/live/change-latency.ts [--rates 1,20,200] [--seconds 10] [--pool 100]
//   [--warmup 3] [--idle 0] [--semi-space 32] [--without-log] [--one-process] [--profile-b DIR] [--socket [DIR]]

import { fork } from "node:child_process"
import http from "node:http"
import { Schema } from "effect"
import { sql } from "kysely"
import pg from "pg"
import WebSocket from "ws"
import { openDatabase } from "../../server/db/database"
import { runMigrations } from "../../server/db/migrate"
import { seedContext, seedDemo } from "../../server/db/seed"
import { buildApp } from "../../server/http/app"
import { LoginResponse } from "../../src/schema/auth/auth"
import { TEST_PASSWORD_HASH, testConfig } from "../../test/contract/harness"
import { clusterCpuMs, postmasterOf, processCpuMs } from "./cpu"

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback
}
const rates = option("--rates", "1,20,200").split(",").map(Number)
const seconds = Number(option("--seconds", "10"))
const poolSize = Number(option("--pool", "100"))
const withoutLog = process.argv.includes("--without-log")
const warmup = Number(option("--warmup", "3"))
const WARMUP_RATE = 100
const idle = Number(option("--idle", "0"))
const semiSpace = Number(option("--semi-space", "32"))
const oneProcess = process.argv.includes("--one-process")
// --profile-b DIR: instance B (the one deciding) writes a V8 CPU profile into DIR when it closes.
const profileB = process.argv.includes("--profile-b") ? option("--profile-b", "bench/output") : undefined
const socketOption = option("--socket", "/var/run/postgresql")
const socketDir = process.argv.includes("--socket")
  ? socketOption.startsWith("/")
    ? socketOption
    : "/var/run/postgresql"
  : undefined

/** An instance in a child process: its URL once it listens, and how to stop it. */
async function forkInstance(
  databaseUrl: string,
  profileDir?: string,
): Promise<{ url: string; pid?: number; close: () => Promise<void> }> {
  const profile = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []
  const young = semiSpace > 0 ? [`--max-semi-space-size=${semiSpace}`] : []
  const child = fork(new URL("./instance.ts", import.meta.url).pathname, [databaseUrl], {
    execArgv: [...young, "--import", "tsx", ...profile],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { port: number }).port))
    child.once("exit", (code) => reject(new Error(`instance exited with ${code}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    ...(child.pid === undefined ? {} : { pid: child.pid }),
    close: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve())
        child.send("close")
      }),
  }
}
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

// The decisions' client: node:http on kept-alive connections. fetch (undici) cost the benchmark's process about
// 3 ms of CPU a decision, on the same two cores as the instances it measures. It asks for compressed answers
// as fetch did (B compresses as for a browser) and leaves them compressed: only the status is looked at.
const agent = new http.Agent({ keepAlive: true })
const post = (to: string, headers: Record<string, string>, body: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(to, { method: "POST", agent, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      )
      response.on("error", reject)
    })
    request.on("error", reject)
    request.end(body)
  })

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

const name = `bench_live_${process.pid}`
const url = new URL(ADMIN_URL)
url.pathname = `/${name}`
// pg reads `host` from the query: a path is a Unix socket's folder (the URL's own host is then unused).
if (socketDir) url.searchParams.set("host", socketDir)
await admin(`create database ${name}`)
const instances: Array<{ url: string; pid?: number; close: () => Promise<void> }> = []
try {
  const setup = await openDatabase({ kind: "postgres", url: url.toString() })
  const backend = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(setup.db)
  const postmaster = postmasterOf(backend.rows[0]?.pid ?? 0)
  await runMigrations(setup.db)
  await seedDemo(setup.db, seedContext(TEST_PASSWORD_HASH, new Date()))
  if (withoutLog) {
    await sql`create or replace function live_append(topics text[], users integer[], refs text[]) returns void
      language sql as $$ select $$`.execute(setup.db)
    // A decision's audit statement writes its pending entries itself: they are left pending, never numbered.
    await sql`create or replace function live_sequence() returns integer
      language sql as $$ select 0 $$`.execute(setup.db)
  }
  await setup.close()
  for (let i = 0; i < 3; i++) {
    if (!oneProcess) {
      instances.push(await forkInstance(url.toString(), i === 1 ? profileB : undefined))
      continue
    }
    const database = await openDatabase({ kind: "postgres", url: url.toString() })
    const app = await buildApp({ config: testConfig({ logLevel: "warn" }), database, logger: false })
    await app.listen({ port: 0, host: "127.0.0.1" })
    const address = app.server.address()
    const port = typeof address === "object" && address ? address.port : 0
    instances.push({
      url: `http://127.0.0.1:${port}`,
      close: async () => {
        await app.close()
        await database.close()
      },
    })
  }
  const [a, b, c] = instances
  if (!a || !b || !c) throw new Error("instances did not start")
  const login = async (on: string) => {
    const response = await fetch(`${on}/api/company/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "admin-demo-1" }),
    })
    return Schema.decodeUnknownSync(LoginResponse)(await response.json()).access
  }
  const tokenB = await login(b.url)
  const tokenA = await login(a.url)
  const headers = {
    authorization: `Bearer ${tokenB}`,
    "content-type": "application/json",
    "accept-encoding": "gzip, deflate, br",
  }
  // A pool of pending work requests, made through the intake API.
  const pool: string[] = []
  for (let i = 0; i < poolSize; i++) {
    const response = await fetch(`${b.url}/api/v1/intake/work-requests/`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        title: `Bench ${i}`,
        description: "d",
        customer_name: "Bench",
        address: "1 Bench Road",
        area: "Leeds",
        service_category: "glazing",
        urgency: "normal",
      }),
    })
    if (!response.ok) throw new Error(`intake: ${response.status} ${await response.text()}`)
    pool.push(((await response.json()) as { uuid: string }).uuid)
  }

  const sentAt = new Map<string, number[]>()
  const live: number[] = []
  const socket = new WebSocket(`${a.url.replace("http", "ws")}/ws/notifications/?token=${tokenA}`, {
    origin: a.url,
  })
  socket.on("message", (data) => {
    const frame = JSON.parse(String(data)) as { type: string; uuid?: string; change?: string }
    if (frame.type !== "record.changed" || !frame.uuid) return
    const at = sentAt.get(frame.uuid)?.shift()
    if (at !== undefined) live.push(performance.now() - at)
  })
  await new Promise((resolve) => socket.once("message", resolve))

  const rows: Array<Record<string, number>> = []
  const rejected = new Set<string>()
  const cpuOf = (instance: { pid?: number }) =>
    instance.pid === undefined ? null : processCpuMs(instance.pid)
  const cpuClient = () => {
    const used = process.cpuUsage()
    return (used.user + used.system) / 1000
  }
  const cpuPg = () => (postmaster === null ? null : clusterCpuMs(postmaster))
  const cpuNow = () => ({ a: cpuOf(a), b: cpuOf(b), c: cpuOf(c), client: cpuClient(), pg: cpuPg() })
  const perUnit = (from: number | null, to: number | null, units: number) =>
    from === null || to === null ? Number.NaN : Math.round(((to - from) / units) * 100) / 100
  if (idle > 0) {
    const before = cpuNow()
    await new Promise((resolve) => setTimeout(resolve, idle * 1000))
    const after = cpuNow()
    const keys = ["a", "b", "c", "client", "pg"] as const
    console.log(
      `idle for ${idle} s, CPU ms a second: ` +
        keys.map((key) => `${key} ${perUnit(before[key], after[key], idle)}`).join(", "),
    )
  }
  // The warm-up's row is dropped: it runs the same decisions once the instances have started, so that the
  // rates measure instances whose code is compiled and whose statements have plans, as a running service's are.
  const runs = warmup > 0 ? [{ rate: WARMUP_RATE, seconds: warmup, kept: false }] : []
  for (const rate of rates) runs.push({ rate, seconds, kept: true })
  for (const { rate, seconds, kept } of runs) {
    live.length = 0
    const commit: number[] = []
    const chains = new Map<string, Promise<void>>()
    const total = Math.max(1, Math.round(rate * seconds))
    const decide = (uuid: string) => {
      const previous = chains.get(uuid) ?? Promise.resolve()
      const next = previous.then(async () => {
        const reject = !rejected.has(uuid)
        const at = performance.now()
        sentAt.set(uuid, [...(sentAt.get(uuid) ?? []), at])
        const response = await post(
          `${b.url}/api/v1/work-requests/${uuid}/${reject ? "reject" : "reopen"}/`,
          headers,
          JSON.stringify(reject ? { reason: "bench" } : {}),
        )
        commit.push(performance.now() - at)
        if (response.status !== 200) throw new Error(`decision: ${response.status} ${response.body}`)
        if (reject) rejected.add(uuid)
        else rejected.delete(uuid)
      })
      chains.set(uuid, next)
      return next
    }
    const before = cpuNow()
    const started = performance.now()
    const sent: Promise<void>[] = []
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate
      const wait = due - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      sent.push(decide(pool[i % pool.length] ?? ""))
    }
    await Promise.all(sent)
    const deadline = performance.now() + 10_000
    while (!withoutLog && live.length < total && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 20))
    const after = cpuNow()
    const perDecision = (from: number | null, to: number | null) => perUnit(from, to, total)
    if (!kept) continue
    rows.push({
      rate,
      decisions: total,
      received: live.length,
      "live p50": Math.round(percentile(live, 50)),
      "live p99": Math.round(percentile(live, 99)),
      "commit p50": Math.round(percentile(commit, 50)),
      "commit p99": Math.round(percentile(commit, 99)),
      "A cpu/decision": perDecision(before.a, after.a),
      "B cpu/decision": perDecision(before.b, after.b),
      "C cpu/decision": perDecision(before.c, after.c),
      "client cpu/decision": perDecision(before.client, after.client),
      "PG cpu/decision": perDecision(before.pg, after.pg),
    })
  }
  socket.close()
  console.log(
    `three instances on one PostgreSQL; decisions through B, socket on A; ${seconds} s per rate (ms)` +
      (warmup > 0 ? `, after a ${warmup} s warm-up at ${WARMUP_RATE}/s` : ", no warm-up") +
      (oneProcess
        ? "; all in one process"
        : `; each instance in its own process, young generation ${semiSpace > 0 ? `2 × ${semiSpace} MB` : "V8's default"}`) +
      (socketDir ? `; PostgreSQL through its Unix socket in ${socketDir}` : "; PostgreSQL over TCP") +
      (withoutLog ? "; WITHOUT the change log (commit only)" : ""),
  )
  console.table(rows)
} finally {
  for (const instance of instances) await instance.close()
  await admin(`drop database if exists ${name} with (force)`)
}
