// Two instances on one PostgreSQL: a record decided through A reaches a socket held by B as record.changed.
// Skipped when no PostgreSQL answers (TEST_POSTGRES_URL, or 127.0.0.1:5432).
import { Schema } from "effect"
import type { FastifyInstance } from "fastify"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type DatabaseHandle, openDatabase } from "../../server/db/database"
import { runMigrations } from "../../server/db/migrate"
import { seedContext, seedDemo } from "../../server/db/seed"
import { buildApp } from "../../server/http/app"
import { LoginResponse } from "../../src/schema/auth"
import { manualClock, postgresAvailable, TEST_PASSWORD_HASH, testConfig } from "./harness"
import { openSocket, type TestSocket } from "./notifications-socket-client"

const pgUp = await postgresAvailable()
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

interface Instance {
  readonly app: FastifyInstance
  readonly url: string
  readonly database: DatabaseHandle
}

const adminQuery = async (text: string) => {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return await client.query(text)
  } finally {
    await client.end()
  }
}

describe.skipIf(!pgUp)("record.changed across two instances on PostgreSQL", () => {
  const name = `backoffice_live_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const dbUrl = (() => {
    const url = new URL(ADMIN_URL)
    url.pathname = `/${name}`
    return url.toString()
  })()
  let a: Instance
  let b: Instance
  const sockets: TestSocket[] = []

  const start = async (): Promise<Instance> => {
    const database = await openDatabase({ kind: "postgres", url: dbUrl })
    const app = await buildApp({
      config: testConfig(),
      database,
      clock: manualClock(),
      logger: { write: () => undefined },
    })
    await app.listen({ port: 0, host: "127.0.0.1" })
    const address = app.server.address()
    const port = typeof address === "object" && address ? address.port : 0
    return { app, url: `http://127.0.0.1:${port}`, database }
  }
  const login = async (on: Instance, email: string, password: string) => {
    const response = await fetch(`${on.url}/api/company/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    })
    return Schema.decodeUnknownSync(LoginResponse)(await response.json()).access
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
    a = await start()
    b = await start()
  })
  afterAll(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()))
    for (const instance of [a, b]) {
      await instance?.app.close()
      await instance?.database.close()
    }
    await adminQuery(`drop database if exists ${name} with (force)`)
  })

  it("an approval made through A reaches a viewer's socket on B, once", async () => {
    const coordinatorOnA = await login(a, "coordinator@example.com", "coordinator-demo-1")
    const viewerOnB = await login(b, "viewer@example.com", "viewer-demo-1")
    const socket = openSocket(b.url, { token: viewerOnB, origin: b.url })
    sockets.push(socket)
    await socket.next("connection_established")
    const auth = { authorization: `Bearer ${coordinatorOnA}` }
    const page = (await (
      await fetch(`${a.url}/api/v1/work-requests/?status=pending&page_size=1`, { headers: auth })
    ).json()) as {
      results: Array<{ uuid: string }>
    }
    const uuid = page.results[0]?.uuid ?? ""
    const approved = await fetch(`${a.url}/api/v1/work-requests/${uuid}/approve/`, {
      method: "POST",
      headers: auth,
    })
    expect(approved.status).toBe(200)
    const live = await socket.next("record.changed", (m) => m.uuid === uuid)
    expect(live).toMatchObject({
      kind: "work",
      change: "approved",
      status: "approved",
      actor: { full_name: "Corey Coordinator" },
      record: { uuid, status: "approved" },
    })
    await socket.settle()
    expect(socket.pending().filter((m) => m.type === "record.changed" && m.uuid === uuid)).toEqual([])
  })
})
