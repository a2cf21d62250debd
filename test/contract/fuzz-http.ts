// Runs FUZZ_RUNS generated requests against one route of an in-process server (app.inject, in-memory PGlite):
// never a 5xx; every refusal is a JSON `{detail}` 4xx; a refused write leaves every table as it was.
import { randomUUID } from "node:crypto"
import { text } from "node:stream/consumers"
import { Schema } from "effect"
import fc from "fast-check"
import { expect } from "vitest"
import { REFRESH_COOKIE } from "../../server/auth/constants"
import type { Config } from "../../server/config"
import { ErrorBody } from "../../src/schema/system/errors"
import { type DbWatch, watchDatabase } from "./db-fingerprint"
import { bodyArb, FUZZ_RUNS, queryArb, samplesOf, segmentArb, type WireSchema } from "./fuzz-arbitraries"
import { FUZZ_SPECS, type FuzzContext, type FuzzGroup, type FuzzSpec } from "./fuzz-endpoints"
import {
  type AuthChoice,
  authChoice,
  contentType,
  extraHeaders,
  type OriginChoice,
  originChoice,
  type Who,
} from "./fuzz-headers"
import { ALLOWED_ORIGIN, startServer, type TestServer } from "./harness"
import { isWrite, type RouteEntry, routeKey, routeTable } from "./route-table"

const DEMO: Readonly<Record<Who, { email: string; password: string }>> = {
  admin: { email: "admin@example.com", password: "admin-demo-1" },
  coordinator: { email: "coordinator@example.com", password: "coordinator-demo-1" },
  viewer: { email: "viewer@example.com", password: "viewer-demo-1" },
}

const CATEGORY: Readonly<Record<Who, string>> = {
  admin: "admin",
  coordinator: "website_coordinator",
  viewer: "support",
}

export interface FuzzEnv {
  readonly server: TestServer
  readonly ctx: FuzzContext
  readonly watch: DbWatch
  readonly routes: readonly RouteEntry[]
  /** Answers per route and status, for the summary printed at the end. */
  readonly statuses: Map<string, Map<number, number>>
}

/** `config`: settings a suite adds (the account suite's SMTP server, so that mail is on). */
export async function startFuzzEnv(config: Partial<Config> = {}): Promise<FuzzEnv> {
  const server = await startServer({
    // The fuzzer signs in (and fails to) far more often than any limit allows; the limits have their own tests.
    config: {
      loginLimitPerIp: { max: 1_000_000, windowMs: 60_000 },
      loginLimitPerAccount: { max: 1_000_000, windowMs: 60_000 },
      ...config,
    },
  })
  const db = server.database.db
  const users = await db.selectFrom("app_user").select(["id", "email"]).execute()
  const idOf = (email: string) => {
    const user = users.find((u) => u.email === email)
    if (!user) throw new Error(`no demo user ${email}`)
    return user.id
  }
  // Preferences exist once read: read them for everyone so that PUT has real ids to aim at.
  for (const who of Object.keys(DEMO) as Who[]) {
    const { access } = await server.login(DEMO[who].email, DEMO[who].password)
    await server.call("/api/v1/notifications/preferences/", { bearer: access })
  }
  const uuids = async (kind: "work" | "maintenance") =>
    (await db.selectFrom("service_request").select("uuid").where("kind", "=", kind).execute()).map(
      (r) => r.uuid,
    )
  const ctx: FuzzContext = {
    users: {
      admin: { ...DEMO.admin, id: idOf(DEMO.admin.email) },
      coordinator: { ...DEMO.coordinator, id: idOf(DEMO.coordinator.email) },
      viewer: { ...DEMO.viewer, id: idOf(DEMO.viewer.email) },
    },
    applications: (await db.selectFrom("company_application").select("uuid").execute()).map((r) => r.uuid),
    workRequests: await uuids("work"),
    maintenanceRequests: await uuids("maintenance"),
    providers: (await db.selectFrom("provider").select("uuid").execute()).map((r) => r.uuid),
    offers: (await db.selectFrom("provider_offer").select("uuid").limit(50).execute()).map((r) => r.uuid),
    notifications: (await db.selectFrom("notification").select("id").execute()).map((r) => String(r.id)),
    preferences: (await db.selectFrom("notification_preference").select("id").execute()).map((r) =>
      String(r.id),
    ),
    sessions: [
      ...new Set(
        (await db.selectFrom("refresh_token").select("family_id").execute()).map((r) => r.family_id),
      ),
    ],
  }
  return {
    server,
    ctx,
    watch: await watchDatabase(db),
    routes: routeTable(server.app),
    statuses: new Map(),
  }
}

/** The routes of one group, each with its spec (a route without one has no group and is caught elsewhere). */
export const routesOf = (env: FuzzEnv, group: FuzzGroup): Array<[RouteEntry, FuzzSpec]> =>
  env.routes.flatMap((route) => {
    const spec = FUZZ_SPECS[routeKey(route)]
    return spec?.group === group ? [[route, spec] as [RouteEntry, FuzzSpec]] : []
  })

const paramNames = (url: string): string[] => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? "")

async function validValues(schema: WireSchema | undefined): Promise<fc.Arbitrary<unknown>> {
  if (!schema) return fc.constant({})
  const samples = await samplesOf(schema)
  return fc.constantFrom(...samples)
}

interface Case {
  readonly params: Record<string, string>
  readonly query: string | null
  readonly body: string | undefined
  readonly contentType: string | undefined
  readonly auth: AuthChoice
  readonly origin: OriginChoice
  readonly cookie: "fresh" | { readonly raw: string } | null
  readonly extra: Record<string, string>
}

export async function caseArb(env: FuzzEnv, route: RouteEntry, spec: FuzzSpec): Promise<fc.Arbitrary<Case>> {
  const known = spec.params?.(env.ctx) ?? {}
  const params: Record<string, fc.Arbitrary<string>> = {}
  for (const name of paramNames(route.url)) params[name] = segmentArb(known[name] ?? [])
  const sampled = await validValues(spec.body)
  const valid = spec.validBody ? fc.oneof(sampled, spec.validBody(env.ctx)) : sampled
  return fc.record({
    params: fc.record(params),
    query: fc.option(queryArb(await validValues(spec.query)), { freq: 2 }),
    // GET carries no body; Fastify would ignore one anyway.
    body: route.method === "GET" ? fc.constant(undefined) : bodyArb(valid),
    contentType,
    auth: authChoice,
    origin: originChoice,
    cookie: spec.refreshCookie
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constant("fresh" as const) },
          { weight: 1, arbitrary: fc.constant(null) },
          {
            weight: 2,
            arbitrary: fc.string({ unit: "grapheme-ascii", maxLength: 60 }).map((raw) => ({ raw })),
          },
        )
      : fc.constant(null),
    extra: extraHeaders,
  })
}

async function bearer(env: FuzzEnv, auth: AuthChoice): Promise<string | undefined> {
  if (auth.kind === "none") return undefined
  if (auth.kind === "raw") return auth.value
  const user = env.ctx.users[auth.who]
  const token = await env.server.app.services.accessTokens.sign(
    { id: user.id, user_category: CATEGORY[auth.who] },
    randomUUID(),
  )
  // Tampered: one character of the signature changed.
  const tampered = `${token.slice(0, -2)}${token.at(-2) === "A" ? "B" : "A"}${token.at(-1)}`
  return `Bearer ${auth.kind === "valid" ? token : tampered}`
}

async function freshRefreshCookie(env: FuzzEnv): Promise<string> {
  // By id: the PATCH fuzz may have changed the coordinator's email.
  const { id, password } = env.ctx.users.coordinator
  const { email } = await env.server.database.db
    .selectFrom("app_user")
    .select("email")
    .where("id", "=", id)
    .executeTakeFirstOrThrow()
  const response = await env.server.app.inject({
    method: "POST",
    url: "/api/company/login/",
    payload: { email, password },
  })
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE.name)
  if (!cookie) throw new Error(`fuzz set-up: sign-in failed with ${response.statusCode} ${response.body}`)
  return `${cookie.name}=${cookie.value}`
}

function pathOf(route: RouteEntry, c: Case): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => c.params[name] ?? "")
  return c.query === null ? path : `${path}?${c.query}`
}

async function runCase(env: FuzzEnv, route: RouteEntry, c: Case): Promise<void> {
  const headers: Record<string, string> = { ...c.extra }
  const auth = await bearer(env, c.auth)
  if (auth !== undefined) headers.authorization = auth
  if (c.origin === "self") headers.origin = `http://${headers.host ?? "localhost:80"}`
  else if (c.origin === "allowed") headers.origin = ALLOWED_ORIGIN
  else if (c.origin !== "none") headers.origin = c.origin.raw
  if (c.cookie === "fresh") headers.cookie = cookiePool.pop() ?? (await freshRefreshCookie(env))
  else if (c.cookie !== null) headers.cookie = c.cookie.raw
  if (c.body !== undefined && c.contentType !== undefined) headers["content-type"] = c.contentType

  const url = pathOf(route, c)
  const before = isWrite(route) ? await env.watch.fingerprint() : null
  const response = await env.server.app.inject({
    method: route.method as "GET",
    url,
    headers,
    ...(c.body === undefined ? {} : { payload: c.body }),
    // An accepted answer's body is not read: building it as text cost a 3 MB script 0.2-1 s a case.
    payloadAsStream: true,
  })
  const status = response.statusCode
  const key = routeKey(route)
  const counts = env.statuses.get(key) ?? new Map<number, number>()
  counts.set(status, (counts.get(status) ?? 0) + 1)
  env.statuses.set(key, counts)

  if (status < 400) {
    response.stream().resume()
    return
  }
  const body = await text(response.stream())
  const label = `${route.method} ${url} → ${status} ${body.slice(0, 300)}`
  // The answer says only "Internal error": the server's log says what failed.
  if (status >= 500) expect.fail(`${label}\nthe server logged: ${lastErrorLogged(env.server.logs())}`)
  expect(response.headers["content-type"], label).toMatch(/^application\/json/)
  const parsed = Schema.decodeUnknownResult(ErrorBody)(JSON.parse(body))
  expect(parsed._tag, label).toBe("Success")
  expect((JSON.parse(body) as { detail: string }).detail.length, label).toBeGreaterThan(0)
  if (before)
    expect(await env.watch.fingerprint(), `${label}: a refused write changed the database`).toEqual(before)
}

/** The server's last error-level log line (pino level 50 and up), shortened. */
const lastErrorLogged = (logs: string): string =>
  (logs.split("\n").findLast((line) => /"level":(5|6)\d/.test(line)) ?? "(nothing at error level)").slice(
    0,
    1_500,
  )

/**
 * Unused refresh cookies, signed in for before the run: signing in during a case would change the database
 * before every such case, and the fingerprint taken before the request would then be recomputed each time.
 */
const cookiePool: string[] = []

export async function fuzzRoute(env: FuzzEnv, route: RouteEntry, spec: FuzzSpec): Promise<void> {
  const arb = await caseArb(env, route, spec)
  if (spec.refreshCookie) while (cookiePool.length < FUZZ_RUNS) cookiePool.push(await freshRefreshCookie(env))
  await fc.assert(
    fc.asyncProperty(arb, (c) => runCase(env, route, c)),
    { numRuns: FUZZ_RUNS, endOnFailure: false, interruptAfterTimeLimit: undefined },
  )
}

/** One line per route: how often each status came back (shows the cases got past validation). */
export function statusSummary(env: FuzzEnv): string {
  return [...env.statuses]
    .map(([key, counts]) => {
      const parts = [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`)
      return `${key}: ${parts.join(" ")}`
    })
    .join("\n")
}
