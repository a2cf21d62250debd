// What one statement's round trip costs over TCP on 127.0.0.1 and over PostgreSQL's Unix socket: a client sends
// a small named statement and waits for its answer, one after another, as a decision's statements go. Prints,
// per transport and round (alternating), the wall time, the client's CPU and the backend's CPU per round trip
// (from /proc: same machine only).
// Usage: node --import tsx bench/pg-round-trip.ts [--count 5000] [--rounds 3] [--socket-dir /var/run/postgresql]
import pg from "pg"
import { processCpuMs } from "./live/cpu"

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback
}
const count = Number(option("--count", "5000"))
const rounds = Number(option("--rounds", "3"))
const socketDir = option("--socket-dir", "/var/run/postgresql")
const base = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
const viaSocket = new URL(base)
viaSocket.searchParams.set("host", socketDir)
const TRANSPORTS = { tcp: base, socket: viaSocket.toString() } as const

const cpuMs = () => {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1000
}

async function measure(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const backend = Number((await client.query("select pg_backend_pid() as pid")).rows[0]?.pid)
    for (let i = 0; i < 200; i++) await client.query({ name: "rt", text: "select $1::int as n", values: [i] })
    const before = { at: performance.now(), client: cpuMs(), backend: processCpuMs(backend) ?? Number.NaN }
    for (let i = 0; i < count; i++)
      await client.query({ name: "rt", text: "select $1::int as n", values: [i] })
    const backendAfter = processCpuMs(backend) ?? Number.NaN
    const per = (ms: number) => Math.round((ms / count) * 1000) / 1000
    return {
      "wall ms": per(performance.now() - before.at),
      "client cpu ms": per(cpuMs() - before.client),
      "backend cpu ms": per(backendAfter - before.backend),
    }
  } finally {
    await client.end()
  }
}

const rows: Array<Record<string, number | string>> = []
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? (["tcp", "socket"] as const) : (["socket", "tcp"] as const)
  for (const transport of order) rows.push({ round, transport, ...(await measure(TRANSPORTS[transport])) })
}
console.log(`${count} round trips of a named one-row statement, one after another (per round trip)`)
console.table(rows)
