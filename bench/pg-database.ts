// A PostgreSQL database made for one benchmark run (on the machine's server at 127.0.0.1:5432, trust auth)
// and dropped after it, so runs never see each other's rows.
import pg from "pg"

const ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"

export interface BenchDatabase {
  readonly url: string
  readonly drop: () => Promise<void>
}

export async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  const name = `${prefix}_${process.pid}_${Date.now()}`
  await admin.query(`create database ${name}`)
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined)
      await admin.end().catch(() => undefined)
    },
  }
}
