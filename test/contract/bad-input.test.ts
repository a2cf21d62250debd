// Whatever a client sends, the answer is a 4xx `{detail}` that says what was wrong, never a 500.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BODY_LIMIT_BYTES } from "../../server/http/app"
import { ErrorBody } from "../../src/schema/system/errors"
import { BACKENDS, postgresAvailable, startServer, type TestServer } from "./harness"

const pgUp = await postgresAvailable()
const LOGIN = "/api/company/login/"

const expectDetail = async (response: Response, status: number, pattern?: RegExp) => {
  expect(response.status).toBe(status)
  expect(response.headers.get("content-type")).toMatch(/^application\/json/)
  const { detail } = Schema.decodeUnknownSync(ErrorBody)(await response.json())
  if (pattern) expect(detail).toMatch(pattern)
  return detail
}

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`bad input on ${backend}`, () => {
    let server: TestServer
    let access = ""
    beforeAll(async () => {
      server = await startServer({
        backend,
        extend: (app) => {
          app.get("/api/test/boom/", async () => {
            throw new Error("kaboom: a bug, not the client's fault")
          })
        },
      })
      access = (await server.login("admin@example.com", "admin-demo-1")).access
    })
    afterAll(() => server?.close())

    it("malformed JSON → 400", async () => {
      await expectDetail(
        await server.call(LOGIN, { body: '{"email": ', contentType: "application/json" }),
        400,
        /JSON/,
      )
      await expectDetail(
        await server.call(LOGIN, { body: "{'a':1}", contentType: "application/json" }),
        400,
        /JSON/,
      )
    })

    it("wrong types and missing fields → 400 naming the field", async () => {
      await expectDetail(await server.call(LOGIN, { json: { email: 42, password: "x" } }), 400, /^email: /)
      await expectDetail(await server.call(LOGIN, { json: { email: "a@b.c" } }), 400, /^password: .*required/)
      await expectDetail(
        await server.call(LOGIN, { json: { email: "a@b.c", password: "" } }),
        400,
        /password/,
      )
      await expectDetail(
        await server.call(LOGIN, { json: { email: "a@b.c", password: "x", admin: 1 } }),
        400,
        /admin/,
      )
      await expectDetail(
        await server.call(LOGIN, { json: { password: "x".repeat(2000), email: "a@b.c" } }),
        400,
        /password/,
      )
      for (const json of [null, [], "text", 7, true])
        await expectDetail(await server.call(LOGIN, { json }), 400)
      await expectDetail(await server.call(LOGIN, { method: "POST" }), 400)
      await expectDetail(await server.call(LOGIN, { body: "", contentType: "application/json" }), 400)
    })

    it("prototype pollution attempts → 400", async () => {
      const body = '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}'
      await expectDetail(await server.call(LOGIN, { body, contentType: "application/json" }), 400)
      const viaConstructor = '{"email":"a@b.c","password":"x","constructor":{"prototype":{"admin":true}}}'
      await expectDetail(
        await server.call(LOGIN, { body: viaConstructor, contentType: "application/json" }),
        400,
      )
    })

    it(`bodies over ${BODY_LIMIT_BYTES / 1024} KB → 413`, async () => {
      const json = { email: "a@b.c", password: "x".repeat(BODY_LIMIT_BYTES) }
      await expectDetail(await server.call(LOGIN, { json }), 413, /too large/)
      await expectDetail(
        await server.call("/api/company/user/", { method: "PATCH", bearer: access, json }),
        413,
      )
    })

    it("content types other than JSON → 415", async () => {
      const form = "email=admin%40example.com&password=admin-demo-1"
      await expectDetail(
        await server.call(LOGIN, { body: form, contentType: "application/x-www-form-urlencoded" }),
        415,
      )
      await expectDetail(await server.call(LOGIN, { body: '{"email":"x"}', contentType: "text/plain" }), 415)
      await expectDetail(await server.call(LOGIN, { body: "<a/>", contentType: "application/xml" }), 415)
      const patch = { method: "PATCH", bearer: access, body: "full_name=X", contentType: "text/plain" }
      await expectDetail(await server.call("/api/company/user/", patch), 415)
    })

    it("unknown API routes and wrong methods → 404 {detail}", async () => {
      await expectDetail(await server.call("/api/nope/"), 404, /not found/i)
      await expectDetail(await server.call("/api/company/login/"), 404)
      await expectDetail(await server.call("/api/company/user/", { method: "DELETE", bearer: access }), 404)
      await expectDetail(await server.call("/api/v1/nothing-here/", { method: "POST", json: {} }), 404)
      await expectDetail(await server.call("/api"), 404)
      await expectDetail(await server.call("/ws/nothing-here/?token=x"), 404)
    })

    it("malformed URLs → 400 {detail}", async () => {
      for (const path of ["/api/%E0%A4%A", "/api/company/user/%", "/dashboard/%zz"]) {
        await expectDetail(await server.fetch(path), 400, /URL/)
      }
    })

    it("answers an unexpected failure with a bare 500 {detail} and logs the cause", async () => {
      await expectDetail(await server.fetch("/api/test/boom/"), 500, /^Internal server error$/)
      expect(server.logs()).toMatch(/kaboom: a bug/)
    })

    it("never answers 500 to a spray of odd requests", async () => {
      const routes: Array<[string, string]> = [
        ["POST", LOGIN],
        ["POST", "/api/company/token/refresh/"],
        ["POST", "/api/company/logout/"],
        ["GET", "/api/company/user/"],
        ["PATCH", "/api/company/user/"],
      ]
      const bodies: Array<[string | undefined, string | undefined]> = [
        [undefined, undefined],
        ["", "application/json"],
        ["null", "application/json"],
        ["[1,2]", "application/json"],
        ['{"email":{"$ne":1},"password":{"$gt":""}}', "application/json"],
        ['{"full_name":"\\u0000"}', "application/json"],
        ['{"email":"a\\u0000@b.c","password":"x\\u0000"}', "application/json"],
        ['{"email":"a@b.c","password":"x","\\u0000":1}', "application/json"],
        ['{"full_name":"A\\u0007B","email":"\\ud800@b.c"}', "application/json"],
        [`${"[".repeat(30_000)}${"]".repeat(30_000)}`, "application/json"],
        [`{"a":${'{"a":'.repeat(10_000)}1${"}".repeat(10_001)}`, "application/json"],
        ["\u0000\u0001", "application/json"],
        ["{}", "application/json; charset=latin1"],
        ["{}", "multipart/form-data; boundary=x"],
        ["{}", "application/json, text/plain"],
      ]
      const headerSets: Array<Record<string, string>> = [
        {},
        { authorization: `Bearer ${access}` },
        { authorization: `Bearer ${"a".repeat(5000)}` },
        { cookie: "refresh_token=%%%; other=1" },
        { cookie: `refresh_token=${"x".repeat(3000)}` },
        { origin: "null" },
      ]
      for (const [method, path] of routes)
        for (const [body, contentType] of bodies)
          for (const headers of headerSets) {
            // fetch itself refuses a GET with a body.
            const sent = method === "GET" ? undefined : body
            const response = await server.call(path, { method, body: sent, contentType, headers })
            const label = `${method} ${path} ${contentType} ${body?.slice(0, 20)} ${Object.keys(headers)}`
            expect(response.status, label).toBeLessThan(500)
            if (response.status >= 400) {
              const parsed = Schema.decodeUnknownResult(ErrorBody)(await response.json())
              expect(parsed._tag, label).toBe("Success")
            } else await response.arrayBuffer()
          }
    })
  })
}
