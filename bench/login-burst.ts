// Sign-in burst: N different accounts sign in at the same moment from one address, against the real server
// (server/main.ts in its own process, at the production hashing cost), as an office does at nine o'clock.
// Per run: when the first, the median and the last answer arrived, the server's peak memory during the burst,
// and how long an ordinary API call took meanwhile. Every run starts a fresh server on a fresh copy of the data.
// Usage: node --import tsx bench/login-burst.ts [--sizes 30,100] [--runs 3] [--backend pglite|postgres]
//        [--stored current|scrypt]   (scrypt: the accounts still hold hashes from before argon2id, the first
//                                      sign-ins after the upgrade, each of which also rehashes in the background)
import { type ChildProcess, spawn } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { type HashParams, hashPassword } from "../server/auth/password"
import { SCRYPT_PRODUCTION } from "../server/auth/scrypt-hash"
import { loadConfig } from "../server/config"
import { openDatabase } from "../server/db/database"
import { runMigrations } from "../server/db/migrate"
import { seedContext, seedDemo } from "../server/db/seed"
import { createBenchDatabase } from "./pg-database"

const option = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback
}
const SIZES = option("sizes", "30,100").split(",").map(Number)
const RUNS = Number(option("runs", "3"))
const BACKEND = option("backend", "pglite") === "postgres" ? "postgres" : "pglite"
const STORED = option("stored", "current") === "scrypt" ? "scrypt" : "current"
const STORED_PARAMS: HashParams = STORED === "scrypt" ? SCRYPT_PRODUCTION : loadConfig({}).passwordHash
const PASSWORD = "burst-password-1"
const PROBE_EVERY_MS = 25

const email = (i: number) => `burst-${i}@example.com`
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

/** Migrations, the demo data and `count` extra coordinators sharing one production-cost hash. */
async function prepare(
  target: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string },
  count: number,
) {
  const database = await openDatabase(target)
  try {
    await runMigrations(database.db)
    const now = new Date()
    await seedDemo(database.db, seedContext(STORED_PARAMS, now))
    const hash = await hashPassword(PASSWORD, STORED_PARAMS)
    await database.db
      .insertInto("app_user")
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: email(i),
          full_name: `Burst Coordinator ${i}`,
          user_category: "website_coordinator",
          password_hash: hash,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute()
  } finally {
    await database.close()
  }
}

interface Server {
  readonly child: ChildProcess
  readonly url: string
  readonly stop: () => Promise<void>
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  })
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const up = await fetch(`${url}/api/company/user/`).then(
      () => true,
      () => false,
    )
    if (up) break
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    child,
    url,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once("exit", r))
      child.kill("SIGTERM")
      await exited
    },
  }
}

const login = async (url: string, address: string): Promise<{ status: number; access: string }> => {
  const res = await fetch(`${url}/api/company/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: address, password: PASSWORD }),
  })
  const body = (await res.json()) as { access?: string }
  return { status: res.status, access: body.access ?? "" }
}

const statusField = (pid: number, field: string): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"))
  return Number(match?.[1] ?? 0) / 1024
}

interface RunResult {
  readonly first: number
  readonly median: number
  readonly last: number
  readonly failed: number
  readonly peakMiB: number
  readonly beforeMiB: number
  readonly probeMedian: number
  readonly probeMax: number
}

async function burst(server: Server, size: number): Promise<RunResult> {
  const pid = server.child.pid ?? 0
  // One account's warm-up sign-in, also the token of the ordinary calls made during the burst.
  const probeToken = (await login(server.url, email(size))).access
  const beforeMiB = statusField(pid, "VmRSS")
  // Resets the kernel's peak-RSS mark, so the peak read after is the burst's, not the start-up's.
  writeFileSync(`/proc/${pid}/clear_refs`, "5")
  let probing = true
  const probes: number[] = []
  const probe = (async () => {
    while (probing) {
      const t = performance.now()
      await fetch(`${server.url}/api/company/user/`, { headers: { authorization: `Bearer ${probeToken}` } })
      probes.push(performance.now() - t)
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS))
    }
  })()
  const start = performance.now()
  const answers = await Promise.all(
    Array.from({ length: size }, async (_, i) => {
      const { status } = await login(server.url, email(i))
      return { status, ms: performance.now() - start }
    }),
  )
  probing = false
  await probe
  const times = answers.map((a) => a.ms).sort((a, b) => a - b)
  return {
    first: times[0] ?? 0,
    median: median(times),
    last: times.at(-1) ?? 0,
    failed: answers.filter((a) => a.status !== 200).length,
    peakMiB: statusField(pid, "VmHWM"),
    beforeMiB,
    probeMedian: median(probes),
    probeMax: Math.max(...probes),
  }
}

async function main() {
  const largest = Math.max(...SIZES) + 1
  const rows: Record<string, string | number>[] = []
  const work = mkdtempSync(join(tmpdir(), "bench-login-"))
  let template: { dir?: string; pgName?: string; drop?: () => Promise<void> } = {}
  try {
    if (BACKEND === "pglite") {
      const dir = join(work, "template")
      await prepare({ kind: "pglite", dataDir: dir }, largest)
      template = { dir }
    } else {
      const db = await createBenchDatabase("bench_login_tmpl")
      await prepare({ kind: "postgres", url: db.url }, largest)
      template = { pgName: new URL(db.url).pathname.slice(1), drop: db.drop }
    }
    for (const size of SIZES) {
      const results: RunResult[] = []
      for (let run = 0; run < RUNS; run++) {
        let env: Record<string, string>
        let cleanup = async (): Promise<void> => undefined
        if (template.dir) {
          const dataDir = join(work, `run-${size}-${run}`)
          cpSync(template.dir, dataDir, { recursive: true })
          env = { DATA_DIR: dataDir }
          cleanup = async () => rmSync(dataDir, { recursive: true, force: true })
        } else {
          const name = `bench_login_${process.pid}_${size}_${run}`
          const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres" })
          await admin.connect()
          await admin.query(`create database ${name} template ${template.pgName}`)
          env = { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}` }
          cleanup = async () => {
            await admin.query(`drop database if exists ${name} with (force)`)
            await admin.end()
          }
        }
        const server = await startServer(env)
        try {
          results.push(await burst(server, size))
        } finally {
          await server.stop()
          await cleanup()
        }
      }
      const spread = (pick: (r: RunResult) => number, digits = 2) => {
        const values = results.map(pick)
        const f = (v: number) => (v / (digits === 2 ? 1000 : 1)).toFixed(digits)
        return `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})`
      }
      rows.push({
        "sign-ins": size,
        "first s": spread((r) => r.first),
        "median s": spread((r) => r.median),
        "last s": spread((r) => r.last),
        "peak RSS MiB": spread((r) => r.peakMiB, 0),
        "RSS before MiB": spread((r) => r.beforeMiB, 0),
        "other call p50 ms": spread((r) => r.probeMedian, 0),
        "other call max ms": spread((r) => r.probeMax, 0),
        "not 200": results.reduce((n, r) => n + r.failed, 0),
      })
      console.log(`size ${size}: ${JSON.stringify(results.map((r) => Math.round(r.last)))} ms last per run`)
    }
  } finally {
    await template.drop?.()
    rmSync(work, { recursive: true, force: true })
  }
  console.log(
    `${BACKEND}, stored hashes ${STORED === "scrypt" ? "scrypt (N=2^17)" : JSON.stringify(STORED_PARAMS)}, ${RUNS} runs per size, medians with (min–max) over runs; one address, different accounts`,
  )
  console.table(rows)
}

await main()
