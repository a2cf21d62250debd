// A real server for contract tests: the app of server/http/app.ts on a fresh, migrated, seeded database
// (in-memory PGlite, or a throwaway database on the local PostgreSQL), listening on an ephemeral port.
// Reused by every API suite; options cover what suites vary (limits, static dir, proxy trust, time).
import { PGlite } from "@electric-sql/pglite"
import { Schema } from "effect"
import type { FastifyInstance } from "fastify"
import pg from "pg"
import type { Argon2Params } from "../../server/auth/argon2-hash"
import type { Clock } from "../../server/clock"
import { type Config, loadConfig } from "../../server/config"
import { type DatabaseHandle, fromPglite, openDatabase } from "../../server/db/database"
import { runMigrations } from "../../server/db/migrate"
import { seedContext, seedDemo } from "../../server/db/seed"
import type { OnStatement } from "../../server/db/statement-observer"
import { buildApp } from "../../server/http/app"
import type { PushSender } from "../../server/push/push-sender"
import { LoginResponse, type User } from "../../src/schema/auth/auth"
import { migratedPglite } from "./pglite-migrated"

export type Backend = "pglite" | "postgres"
export const BACKENDS: readonly Backend[] = ["pglite", "postgres"]

/** Tests only: argon2id at a cost that takes well under a millisecond. Production cost is tested on its own. */
export const TEST_PASSWORD_HASH: Argon2Params = {
  algorithm: "argon2id",
  memoryKiB: 64,
  passes: 1,
  parallelism: 1,
}

/** An origin the test servers accept besides their own. */
export const ALLOWED_ORIGIN = "http://allowed.example"

const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

/** Real time plus an offset the test can push forward: token lifetimes and grace windows without sleeping. */
export interface ManualClock extends Clock {
  readonly advance: (ms: number) => void
}

export const manualClock = (): ManualClock => {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms
    },
  }
}

export interface StartOptions {
  readonly backend?: Backend
  /** Overrides of the test configuration (see testConfig). */
  readonly config?: Partial<Config>
  /** Runs after buildApp and before listen: register extra routes for a test. */
  readonly extend?: (app: FastifyInstance) => Promise<void> | void
  /** The push sender the app uses (a recording one); none: push is off. */
  readonly pushSender?: PushSender
  /** Told the text of every statement the server's database handle sends (counting what a call costs). */
  readonly onStatement?: OnStatement
}

export interface Session {
  readonly access: string
  /** `refresh_token=<raw>`, ready for a Cookie header. */
  readonly cookie: string
  readonly user: User
  readonly response: Response
}

export interface CallOptions {
  readonly method?: string
  /** Sent as JSON with content-type application/json. */
  readonly json?: unknown
  /** Sent as is (with `contentType` when given). */
  readonly body?: string
  readonly contentType?: string
  /** A `name=value` cookie, e.g. Session.cookie. */
  readonly cookie?: string
  readonly bearer?: string
  readonly origin?: string
  readonly headers?: Readonly<Record<string, string>>
}

export interface TestServer {
  readonly app: FastifyInstance
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string
  /** The server's own origin, which it always accepts. */
  readonly origin: string
  readonly database: DatabaseHandle
  readonly config: Config
  readonly clock: ManualClock
  /** Every log line the server wrote so far. */
  readonly logs: () => string
  readonly fetch: (path: string, init?: RequestInit) => Promise<Response>
  /** fetch with the usual parts spelled as options. */
  readonly call: (path: string, options?: CallOptions) => Promise<Response>
  /** Logs in and returns the tokens; throws unless the login succeeds. */
  readonly login: (email: string, password: string) => Promise<Session>
  readonly close: () => Promise<void>
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ PORT: "0", LOG_LEVEL: "info" }),
    allowedOrigins: [ALLOWED_ORIGIN],
    // No SPA unless a suite provides one.
    staticDir: "/nonexistent-backoffice-dist",
    passwordHash: TEST_PASSWORD_HASH,
    loginLimitPerIp: { max: 10_000, windowMs: 60_000 },
    // Suites move the clock by days: reminders would land in their counts. The reminder suites ask for them.
    reminderIntervalMs: 86_400_000,
    documentExpiryIntervalMs: 86_400_000,
    ...overrides,
  }
}

let postgresProbe: Promise<boolean> | null = null

const POSTGRES_PROBE_TRIES = 3

/** Whether a PostgreSQL answers at 127.0.0.1:5432 (user postgres, trust auth). Asked once per test file. */
export function postgresAvailable(): Promise<boolean> {
  // A busy machine can take seconds to answer a first connection: a few tries before the PostgreSQL half of
  // a file is skipped, since a skip there is silent.
  postgresProbe ??= (async () => {
    for (let attempt = 0; attempt < POSTGRES_PROBE_TRIES; attempt += 1) {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5_000 })
      try {
        await client.connect()
        await client.query("select 1")
        return true
      } catch {
        // tried again below
      } finally {
        await client.end().catch(() => undefined)
      }
    }
    return false
  })()
  return postgresProbe
}

const adminQuery = async (text: string): Promise<void> => {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

/** A migrated and seeded PGlite, dumped once per test file: each server then loads it in well under a second. */
let pgliteTemplate: Promise<Blob> | null = null

const seeded = async (database: DatabaseHandle): Promise<void> => {
  await runMigrations(database.db)
  await seedDemo(database.db, seedContext(TEST_PASSWORD_HASH, new Date()))
}

/** A fresh migrated and seeded database; `url` names a PostgreSQL one, for more connections to it. */
export async function openTestDatabase(
  backend: Backend,
  onStatement?: OnStatement,
): Promise<{ database: DatabaseHandle; url?: string; drop: () => Promise<void> }> {
  if (backend === "pglite") {
    pgliteTemplate ??= (async () => {
      const pglite = await migratedPglite()
      const database = fromPglite(pglite)
      await seeded(database)
      const dump = await pglite.dumpDataDir("none")
      await database.close()
      return dump
    })()
    const database = fromPglite(
      await PGlite.create({ loadDataDir: await pgliteTemplate }),
      undefined,
      onStatement,
    )
    return { database, drop: async () => undefined }
  }
  const name = `backoffice_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  await adminQuery(`create database ${name}`)
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  const drop = () => adminQuery(`drop database if exists ${name} with (force)`)
  try {
    const database = await openDatabase({ kind: "postgres", url: url.toString() }, { onStatement })
    await seeded(database).catch(async (error: unknown) => {
      await database.close()
      throw error
    })
    return { database, url: url.toString(), drop }
  } catch (error) {
    await drop()
    throw error
  }
}

export const cookieFrom = (response: Response, name = "refresh_token"): string | null => {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))
  return header ? (header.split(";")[0] ?? null) : null
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const config = testConfig(options.config)
  const clock = manualClock()
  const { database, drop } = await openTestDatabase(options.backend ?? "pglite", options.onStatement)
  const lines: string[] = []
  const logger = { write: (line: string) => void lines.push(line) }
  let built: FastifyInstance | null = null
  try {
    built = await buildApp({
      config,
      database,
      clock,
      logger,
      ...(options.pushSender ? { pushSender: options.pushSender } : {}),
    })
    await options.extend?.(built)
    await built.listen({ port: 0, host: "127.0.0.1" })
  } catch (error) {
    // Leave no throwaway database behind when a suite's set-up fails.
    await built?.close()
    await database.close()
    await drop()
    throw error
  }
  const app = built
  const address = app.server.address()
  const port = typeof address === "object" && address ? address.port : 0
  const url = `http://127.0.0.1:${port}`
  const request = (path: string, init?: RequestInit) => fetch(`${url}${path}`, init)
  const call = (path: string, o: CallOptions = {}) => {
    const headers: Record<string, string> = { ...o.headers }
    if (o.json !== undefined) headers["content-type"] = "application/json"
    if (o.contentType) headers["content-type"] = o.contentType
    if (o.cookie) headers.cookie = o.cookie
    if (o.bearer) headers.authorization = `Bearer ${o.bearer}`
    if (o.origin) headers.origin = o.origin
    const body = o.json !== undefined ? JSON.stringify(o.json) : o.body
    return request(path, { method: o.method ?? (body === undefined ? "GET" : "POST"), headers, body })
  }

  return {
    app,
    url,
    origin: url,
    database,
    config,
    clock,
    logs: () => lines.join(""),
    fetch: request,
    call,
    login: async (email, password) => {
      const response = await call("/api/company/login/", { json: { email, password } })
      if (response.status !== 200)
        throw new Error(`login ${email}: ${response.status} ${await response.text()}`)
      const body = Schema.decodeUnknownSync(LoginResponse)(await response.json())
      const cookie = cookieFrom(response)
      if (!cookie) throw new Error("login set no refresh cookie")
      return { access: body.access, user: body.user, cookie, response }
    },
    close: async () => {
      await app.close()
      await database.close()
      await drop()
    },
  }
}
