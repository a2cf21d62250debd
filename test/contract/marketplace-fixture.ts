// Shared by the marketplace contract suites: a seeded server with a session per role, and small helpers to
// decode answers with the wire schemas (so every test also checks the contract the client relies on).
import { Schema } from "effect"
import { expect } from "vitest"
import { ExportLink } from "../../src/schema/exports/exports"
import { ErrorBody } from "../../src/schema/system/errors"
import { type Backend, type StartOptions, startServer, type TestServer } from "./harness"

export interface Sessions {
  readonly admin: string
  readonly coordinator: string
  /** A second website coordinator, for two people acting on one record at once. */
  readonly coordinator2: string
  /** Category "support": signed in, read-only. */
  readonly viewer: string
}

export interface MarketplaceServer {
  readonly server: TestServer
  readonly tokens: Sessions
  readonly get: (path: string, token?: string) => Promise<Response>
  readonly post: (path: string, token: string | undefined, json?: unknown) => Promise<Response>
  readonly close: () => Promise<void>
}

export const SECOND_COORDINATOR = {
  email: "cora@example.com",
  password: "cora-demo-1",
  full_name: "Cora Second",
}

export async function startMarketplace(
  backend: Backend,
  options: Omit<StartOptions, "backend"> = {},
): Promise<MarketplaceServer> {
  const server = await startServer({ ...options, backend })
  const now = new Date()
  await server.database.db
    .insertInto("app_user")
    .values({
      email: SECOND_COORDINATOR.email,
      full_name: SECOND_COORDINATOR.full_name,
      user_category: "website_coordinator",
      password_hash: await server.app.services.passwords.hash(SECOND_COORDINATOR.password),
      created_at: now,
      updated_at: now,
    })
    .execute()
  const [admin, coordinator, coordinator2, viewer] = await Promise.all([
    server.login("admin@example.com", "admin-demo-1"),
    server.login("coordinator@example.com", "coordinator-demo-1"),
    server.login(SECOND_COORDINATOR.email, SECOND_COORDINATOR.password),
    server.login("viewer@example.com", "viewer-demo-1"),
  ])
  const withBearer = (token: string | undefined) => (token === undefined ? {} : { bearer: token })
  return {
    server,
    tokens: {
      admin: admin.access,
      coordinator: coordinator.access,
      coordinator2: coordinator2.access,
      viewer: viewer.access,
    },
    get: (path, token) => server.call(path, withBearer(token)),
    post: (path, token, json) =>
      server.call(path, { method: "POST", ...withBearer(token), ...(json === undefined ? {} : { json }) }),
    close: () => server.close(),
  }
}

/** Asserts the status, then decodes the body with the wire schema (a mismatch fails the test). */
export async function decoded<S extends Schema.ConstraintDecoder<unknown>>(
  response: Response,
  schema: S,
  status = 200,
): Promise<S["Type"]> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return Schema.decodeUnknownSync(schema)(JSON.parse(text))
}

/** Asserts a `{detail}` error with this status (and a detail matching the pattern); returns the detail. */
export async function expectDetail(response: Response, status: number, pattern?: RegExp): Promise<string> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  const { detail } = Schema.decodeUnknownSync(ErrorBody)(JSON.parse(text))
  if (pattern) expect(detail).toMatch(pattern)
  return detail
}

export const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000"
export const MALFORMED_IDS = ["not-a-uuid", "123", "00000000-0000-4000-8000-00000000000g"]

/** Exports a view of a list as CSV (201, then its link), and reads each row's first cell: the record's uuid. */
export async function exportedUuids(
  m: MarketplaceServer,
  token: string,
  view: Readonly<Record<string, string>>,
): Promise<string[]> {
  const { url } = await decoded(await m.post("/api/v1/exports/", token, view), ExportLink, 201)
  const text = (await (await m.server.call(url)).text()).replace(/^\uFEFF/, "")
  return text
    .split("\r\n")
    .slice(1, -1)
    .map((line) => line.split(",")[0] ?? "")
}
