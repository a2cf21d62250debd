// The fuzz suites walk the server's own route table: every route needs a fuzz case, and every fuzz case a route.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FUZZ_SPECS } from "./fuzz-endpoints"
import { startServer, type TestServer } from "./harness"
import { type RouteEntry, routeKey, routeTable } from "./route-table"

const withoutFuzzCase = (routes: readonly RouteEntry[]) =>
  routes.map(routeKey).filter((key) => !FUZZ_SPECS[key])

describe("fuzz coverage of the route table", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({
      extend: (app) => {
        app.post("/api/test/added-later/:id/", async () => ({ ok: true }))
      },
    })
  })
  afterAll(() => server?.close())

  it("reads every route from Fastify, with its methods and parameters", () => {
    const keys = routeTable(server.app).map(routeKey)
    expect(keys).toContain("POST /api/company/login/")
    expect(keys).toContain("PATCH /api/company/user/")
    expect(keys).toContain("PUT /api/v1/notifications/preferences/:id/")
    expect(keys).toContain("POST /api/v1/work-requests/:uuid/select-providers/")
    expect(keys).toContain("GET /ws/notifications/")
    expect(keys.some((k) => k.startsWith("HEAD "))).toBe(false)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it("has a fuzz case for every route the server answers", () => {
    const table = routeTable(server.app).filter((r) => !r.url.startsWith("/api/test/"))
    expect(withoutFuzzCase(table)).toEqual([])
  })

  it("notices a route added without a fuzz case", () => {
    expect(withoutFuzzCase(routeTable(server.app))).toEqual(["POST /api/test/added-later/:id/"])
  })

  it("has no fuzz case for a route that no longer exists", () => {
    const keys = new Set(routeTable(server.app).map(routeKey))
    expect(Object.keys(FUZZ_SPECS).filter((key) => !keys.has(key))).toEqual([])
  })
})
