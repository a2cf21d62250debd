// The API description (src/schema/api) and the server agree: every described endpoint is served, every served
// route is described, and the OpenAPI document generated from the description tells the truth about the
// statuses each call answers with. Walked from /api/openapi.json, as an integrator would read it.
import { randomUUID } from "node:crypto"
import { Context, Schema } from "effect"
import { HttpApiEndpoint } from "effect/http-api"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DOCS_PATH, DOCS_ROUTES, OPENAPI_PATH } from "../../server/http/api-docs-routes"
import { API_GROUPS } from "../../src/schema/api/api"
import { httpApi, WhoMayCall } from "../../src/schema/api/http-api"
import { ErrorBody } from "../../src/schema/system/errors"
import { startServer, type TestServer } from "./harness"
import { routeKey, routeTable } from "./route-table"

const OpenApiDoc = Schema.Struct({
  openapi: Schema.String,
  paths: Schema.Record(
    Schema.String,
    Schema.Record(
      Schema.String,
      Schema.Struct({
        operationId: Schema.String,
        requestBody: Schema.optionalKey(Schema.Unknown),
        responses: Schema.Record(Schema.String, Schema.Unknown),
      }),
    ),
  ),
})
type Operation = { readonly key: string; readonly path: string; readonly statuses: ReadonlySet<number> }

/** `/api/v1/work-requests/{uuid}/approve/` as Fastify writes it: `/api/v1/work-requests/:uuid/approve/`. */
const fastifyPath = (openApiPath: string): string => openApiPath.replace(/\{([^}]+)\}/g, ":$1")

/** A value for each path parameter that names nothing: the call reaches the domain and gets its 404. */
const concrete = (path: string): string => path.replace(":uuid", randomUUID()).replace(":id", "999999999")

const describedKeys = (): string[] =>
  API_GROUPS.flatMap((group) => Object.values(group.endpoints).map((e) => `${e.method} ${e.path}`))

const servedKeys = (server: TestServer): string[] =>
  routeTable(server.app)
    .map(routeKey)
    .filter((key) => /^[A-Z]+ \/(api|ws)\//.test(key))
    .filter((key) => !(DOCS_ROUTES as readonly string[]).includes(key))

describe("the API description and the server", () => {
  let server: TestServer
  let operations: Operation[]
  let admin = ""

  beforeAll(async () => {
    server = await startServer({
      extend: (app) => {
        app.get("/api/test/undescribed/", async () => ({ ok: true }))
      },
    })
    admin = (await server.login("admin@example.com", "admin-demo-1")).access
    const response = await server.call(OPENAPI_PATH)
    expect(response.status).toBe(200)
    const doc = Schema.decodeUnknownSync(OpenApiDoc)(await response.json())
    expect(doc.openapi).toBe("3.1.0")
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${fastifyPath(path)}`,
        path: fastifyPath(path),
        statuses: new Set(Object.keys(operation.responses).map(Number)),
      })),
    )
  })
  afterAll(() => server?.close())

  it("documents exactly the described endpoints, each once", () => {
    const documented = operations.map((o) => o.key).sort()
    expect(documented).toEqual(describedKeys().sort())
    expect(new Set(documented).size).toBe(documented.length)
  })

  it("serves every described endpoint and describes every API route the server answers", () => {
    const served = servedKeys(server).filter((key) => !key.includes("/api/test/"))
    expect(served.sort()).toEqual(describedKeys().sort())
  })

  it("notices a route the server answers that the description lacks", () => {
    const described = new Set(describedKeys())
    expect(servedKeys(server).filter((key) => !described.has(key))).toEqual(["GET /api/test/undescribed/"])
  })

  it("annotates every endpoint of the HttpApi with who may call it, as described", () => {
    const described = new Map(
      API_GROUPS.flatMap((group) => Object.values(group.endpoints).map((e) => [`${e.method} ${e.path}`, e])),
    )
    for (const group of Object.values(httpApi.groups))
      for (const endpoint of Object.values(group.endpoints)) {
        if (!HttpApiEndpoint.isHttpApiEndpoint(endpoint)) throw new Error("not an HttpApiEndpoint")
        const spec = described.get(`${endpoint.method} ${endpoint.path}`)
        expect(Context.getOrUndefined(endpoint.annotations, WhoMayCall)).toBe(spec?.callers)
      }
  })

  // Every documented operation, called as a stranger and as an admin with an empty body: whatever it answers
  // is one of its documented statuses, and every refusal is the documented `{detail}`.
  it("answers every documented operation with a documented status", async () => {
    const seen: string[] = []
    for (const operation of operations) {
      const [method = "GET"] = operation.key.split(" ")
      const path = concrete(operation.path)
      const body = method === "GET" ? {} : { json: {} }
      for (const bearer of [undefined, admin]) {
        const response = await server.call(path, { method, ...body, ...(bearer ? { bearer } : {}) })
        const text = await response.text()
        seen.push(`${operation.key} ${bearer ? "admin" : "stranger"} → ${response.status}`)
        expect(operation.statuses, `${operation.key} answered ${response.status}: ${text}`).toContain(
          response.status,
        )
        if (response.status >= 400) Schema.decodeUnknownSync(ErrorBody)(JSON.parse(text))
      }
    }
    expect(seen.length).toBe(operations.length * 2)
  })

  it("answers an invalid body with the documented 400 {detail} naming the field", async () => {
    const reject = operations.find((o) => o.key === "POST /api/v1/work-requests/:uuid/reject/")
    expect(reject?.statuses).toContain(400)
    const response = await server.call(concrete("/api/v1/work-requests/:uuid/reject/"), {
      method: "POST",
      bearer: admin,
      json: { reason: 42 },
    })
    expect(response.status).toBe(400)
    const { detail } = Schema.decodeUnknownSync(ErrorBody)(await response.json())
    expect(detail).toMatch(/^reason: /)
  })

  it("serves the reference page and its scripts from this server, within the CSP", async () => {
    const page = await server.call(DOCS_PATH)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self'/)
    const html = await page.text()
    expect(html).not.toMatch(/<script>|https?:\/\//)
    for (const src of html.match(/src="[^"]+"/g) ?? []) {
      const script = await server.call(src.slice(5, -1), { headers: { "accept-encoding": "gzip" } })
      expect(script.status).toBe(200)
      expect(script.headers.get("content-type")).toMatch(/^text\/javascript/)
    }
    const missing = await server.call(`${DOCS_PATH}nothing.js`)
    expect(missing.status).toBe(404)
    Schema.decodeUnknownSync(ErrorBody)(await missing.json())
  })

  it("sends Scalar's script compressed once per encoding, negotiated as every answer is", async () => {
    const texts = new Map<string, string>()
    for (const [accept, encoding] of [
      ["identity", null],
      ["gzip", "gzip"],
      ["gzip;q=0, br", "br"],
      ["br;q=0.5, gzip", "gzip"],
      ["deflate", null],
    ] as const) {
      const script = await server.call(`${DOCS_PATH}scalar.js`, { headers: { "accept-encoding": accept } })
      expect(script.status, accept).toBe(200)
      expect(script.headers.get("content-encoding"), accept).toBe(encoding)
      expect(script.headers.get("vary"), accept).toMatch(/accept-encoding/i)
      // fetch decodes what the server encoded: every encoding must carry the same script.
      texts.set(accept, await script.text())
    }
    const [first, ...rest] = [...texts.values()]
    expect(first?.length).toBeGreaterThan(1_000_000)
    for (const text of rest) expect(text).toBe(first)
  })
})
