// Several instances of the real server on one PostgreSQL database made for the run (and dropped after), as a
// deployment behind a load balancer would have them. A suite calls `pgInstances` inside its describe block:
// the hooks create the database, migrate and seed it once, and start the instances.
import { Schema } from "effect"
import type { FastifyInstance } from "fastify"
import pg from "pg"
import { afterAll, beforeAll } from "vitest"
import type { Config } from "../../server/config"
import { type DatabaseHandle, openDatabase } from "../../server/db/database"
import { runMigrations } from "../../server/db/migrate"
import { seedContext, seedDemo } from "../../server/db/seed"
import { buildApp } from "../../server/http/app"
import { LoginResponse } from "../../src/schema/auth/auth"
import { type ManualClock, manualClock, TEST_PASSWORD_HASH, testConfig } from "./harness"

export const PG_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

export interface Instance {
  readonly app: FastifyInstance
  readonly url: string
  readonly database: DatabaseHandle
  /** Each instance's own clock, moved by the test. */
  readonly clock: ManualClock
  /** Every log line the instance wrote so far. */
  readonly logs: string[]
}

/** A statement on the server's maintenance database (creating and dropping ones, ending backends). */
export async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL })
  await client.connect()
  try {
    return await client.query(text, values)
  } finally {
    await client.end()
  }
}

export interface PgInstances {
  /** Started in `beforeAll`: read them inside tests. */
  readonly list: Instance[]
  /** Starts one more on the same database; the test that starts it closes it. */
  readonly start: () => Promise<Instance>
  /** The first two, for the common case of a change made through one and heard on the other. */
  readonly pair: () => readonly [Instance, Instance]
  /** The database's name (to find its backends in pg_stat_activity). */
  readonly name: string
}

export interface PgInstancesOptions {
  readonly count?: number
  /** Settings every instance runs with, over the test defaults. */
  readonly config?: Partial<Config>
}

export function pgInstances(prefix: string, options: PgInstancesOptions = {}): PgInstances {
  const { count = 2, config = {} } = options
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  const dbUrl = url.toString()
  const instances: Instance[] = []

  const start = async (): Promise<Instance> => {
    const database = await openDatabase({ kind: "postgres", url: dbUrl })
    const clock = manualClock()
    const logs: string[] = []
    const app = await buildApp({
      config: testConfig(config),
      database,
      clock,
      logger: { write: (line) => void logs.push(line) },
    })
    await app.listen({ port: 0, host: "127.0.0.1" })
    const address = app.server.address()
    const port = typeof address === "object" && address ? address.port : 0
    return { app, url: `http://127.0.0.1:${port}`, database, clock, logs }
  }

  beforeAll(async () => {
    await adminQuery(`create database ${name}`)
    const setup = await openDatabase({ kind: "postgres", url: dbUrl })
    try {
      await runMigrations(setup.db)
      await seedDemo(setup.db, seedContext(TEST_PASSWORD_HASH, new Date()))
    } finally {
      await setup.close()
    }
    for (let i = 0; i < count; i++) instances.push(await start())
  })
  afterAll(async () => {
    for (const instance of instances.splice(0)) {
      await instance.app.close()
      await instance.database.close()
    }
    await adminQuery(`drop database if exists ${name} with (force)`)
  })
  const pair = (): readonly [Instance, Instance] => {
    const [a, b] = instances
    if (!a || !b) throw new Error("the instances did not start")
    return [a, b]
  }
  return { list: instances, start, pair, name }
}

/** Signs in through one instance; the access token works on every other. */
export async function loginOn(on: Instance, email: string, password: string): Promise<string> {
  const response = await fetch(`${on.url}/api/company/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  })
  return Schema.decodeUnknownSync(LoginResponse)(await response.json()).access
}
