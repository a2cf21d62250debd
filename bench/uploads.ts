// Uploads and downloads of stored documents, against a real server process (PGlite or PostgreSQL):
// 1. 50 uploads of a 5 MB PDF at once through the intake API: p50 and p99 of each upload's time, and the
//    server's peak resident memory (VmHWM) against a fresh server that answered 50 list reads at once instead;
// 2. a 10 MB PDF fetched by its signed link, one fetch at a time: time to the first body byte and to the whole
//    file, p50 and p99.
// Usage: node --import tsx bench/uploads.ts [--backend pglite|postgres] [--uploads 50] [--downloads 50]
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { samplePdf } from "../server/documents/sample-files"
import { freePort } from "../test/e2e/server-process"

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback
}
const backend = option("--backend", "pglite")
const uploads = Number(option("--uploads", "50"))
const downloads = Number(option("--downloads", "50"))
const KEY = "bench-intake-key-0123456789abcdef"
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
const MB = 1024 * 1024

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
const ms = (n: number) => `${n.toFixed(1)} ms`

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

interface Server {
  readonly url: string
  readonly pid: number
  readonly peakRssMb: () => number
  readonly stop: () => Promise<void>
}

async function run(command: string[], env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, command, { env: { ...process.env, ...env }, stdio: "inherit" })
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve))
  if (code !== 0) throw new Error(`${command.join(" ")} exited with ${code}`)
}

async function startServer(): Promise<Server> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), "bench-uploads-"))
  const database = `bench_uploads_${process.pid}_${port}`
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    INTAKE_KEY: KEY,
    LOG_LEVEL: "warn",
  }
  if (backend === "postgres") {
    await admin(`create database ${database}`)
    const url = new URL(ADMIN_URL)
    url.pathname = `/${database}`
    env.DATABASE_URL = url.toString()
    await run(["--import", "tsx", "scripts/seed.ts"], env)
  }
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (i > 1200) throw new Error("server did not start")
    try {
      await fetch(`${url}/api/company/user/`)
      break
    } catch {
      await new Promise((r) => setTimeout(r, 150))
    }
  }
  const pid = child.pid ?? 0
  return {
    url,
    pid,
    peakRssMb: () => {
      const status = readFileSync(`/proc/${pid}/status`, "utf8")
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024
    },
    stop: async () => {
      child.kill("SIGTERM")
      await new Promise((r) => child.once("exit", r))
      rmSync(dataDir, { recursive: true, force: true })
      if (backend === "postgres") await admin(`drop database if exists ${database} with (force)`)
    },
  }
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/company/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "admin-demo-1" }),
  })
  return ((await res.json()) as { access: string }).access
}

async function applications(url: string, token: string): Promise<string[]> {
  const res = await fetch(`${url}/api/v1/company-applications/?page_size=100`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return ((await res.json()) as { results: Array<{ uuid: string }> }).results.map((r) => r.uuid)
}

function form(bytes: Buffer, name: string): FormData {
  const body = new FormData()
  body.append("documents", JSON.stringify([{ kind: "other" }]))
  body.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), name)
  return body
}

async function upload(url: string, uuid: string, bytes: Buffer, name: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(`${url}/api/v1/intake/company-applications/${uuid}/documents/`, {
    method: "POST",
    headers: { "x-intake-key": KEY },
    body: form(bytes, name),
  })
  const text = await res.text()
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${text}`)
  return performance.now() - started
}

console.log(`backend: ${backend}`)

// Baseline: a fresh server answers 50 list reads at once, no uploads.
{
  const server = await startServer()
  const token = await signIn(server.url)
  await Promise.all(
    Array.from({ length: uploads }, () =>
      fetch(`${server.url}/api/v1/company-applications/?page_size=100`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.text()),
    ),
  )
  console.log(`baseline (no uploads): peak RSS ${server.peakRssMb().toFixed(0)} MB`)
  await server.stop()
}

{
  const server = await startServer()
  const token = await signIn(server.url)
  const uuids = await applications(server.url, token)
  const five = samplePdf(["Five megabytes"], 5 * MB)
  const times = await Promise.all(
    Array.from({ length: uploads }, (_, i) =>
      upload(server.url, uuids[i % uuids.length] ?? "", five, `five-${i}.pdf`),
    ),
  )
  console.log(
    `${uploads} uploads of ${(five.length / MB).toFixed(2)} MB at once: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}; peak RSS ${server.peakRssMb().toFixed(0)} MB`,
  )

  const ten = samplePdf(["Ten megabytes"], 10 * MB - 4096)
  const target = uuids.at(-1) ?? ""
  await upload(server.url, target, ten, "ten.pdf")
  const list = (await (
    await fetch(`${server.url}/api/v1/records/${target}/documents/`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { documents: Array<{ file_name: string; url: string; size: number }> }
  const link = list.documents.find((d) => d.file_name === "ten.pdf")
  if (!link) throw new Error("ten.pdf not listed")
  const firstByte: number[] = []
  const whole: number[] = []
  for (let i = 0; i < downloads; i++) {
    const started = performance.now()
    const res = await fetch(`${server.url}${link.url}`)
    const reader = res.body?.getReader()
    if (!reader) throw new Error("no body")
    let received = 0
    let first = true
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (first) {
        firstByte.push(performance.now() - started)
        first = false
      }
      received += value.length
    }
    whole.push(performance.now() - started)
    if (received !== link.size) throw new Error(`received ${received} of ${link.size} bytes`)
  }
  console.log(
    `${(link.size / MB).toFixed(2)} MB PDF by signed link, ${downloads} fetches: first byte p50 ${ms(percentile(firstByte, 50))}, p99 ${ms(percentile(firstByte, 99))}; whole file p50 ${ms(percentile(whole, 50))}, p99 ${ms(percentile(whole, 99))}`,
  )
  await server.stop()
}
