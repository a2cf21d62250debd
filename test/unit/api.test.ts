import { Effect, Layer, ManagedRuntime, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Api } from "../../src/effects/system/api-client"
import { Config } from "../../src/effects/system/config"
import { HttpEnv } from "../../src/effects/system/http-env"
import { Failure } from "../../src/schema/system/failure"

function runtimeWith(
  handler: (url: URL, init: RequestInit) => Response | Promise<Response>,
  token: string | null = "T",
) {
  const seen: Array<{ url: URL; init: RequestInit }> = []
  const layer = Api.layer.pipe(
    Layer.provide(
      Layer.mergeAll(
        Config.layer({
          apiBaseUrl: "http://api.test",
          socketBaseUrl: "ws://api.test",
          socketSlowRetryMs: 60_000,
        }),
        HttpEnv.layer({
          fetch: async (input, init = {}) => {
            const url = new URL(String(input))
            seen.push({ url, init })
            return handler(url, init)
          },
          currentToken: () => token,
          awaitFreshToken: () => Promise.reject(new Error("no refresh in these tests")),
        }),
      ),
    ),
  )
  return { runtime: ManagedRuntime.make(layer), seen }
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })
const failure = <A>(e: Effect.Effect<A, Failure, Api>, rt: ManagedRuntime.ManagedRuntime<Api, never>) =>
  rt.runPromise(Effect.flip(e))

describe("Api service", () => {
  it("sends the bearer token, cookies and JSON, and decodes with the schema", async () => {
    const { runtime, seen } = runtimeWith(() => json(200, { n: 3 }))
    const out = await runtime.runPromise(
      Api.use((a) =>
        a.request("POST", "/x/", {
          body: { a: 1 },
          query: { q: "z", empty: "" },
          schema: Schema.Struct({ n: Schema.Number }),
        }),
      ),
    )
    expect(out).toEqual({ n: 3 })
    const { url, init } = seen[0] ?? { url: new URL("http://none"), init: {} }
    expect(url.href).toBe("http://api.test/x/?q=z")
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer T")
    expect(init.credentials).toBe("include")
    expect(init.body).toBe('{"a":1}')
  })

  it("lets only a call that asks for it outlive the page (keepalive)", async () => {
    const { runtime, seen } = runtimeWith(() => json(200, {}))
    await runtime.runPromise(Api.use((a) => a.request("POST", "/out/", { auth: "none", keepalive: true })))
    await runtime.runPromise(Api.use((a) => a.request("POST", "/x/")))
    expect(seen.map(({ init }) => init.keepalive)).toEqual([true, undefined])
  })

  it("turns a status outside 200-299 into an Failure carrying the server's detail", async () => {
    const { runtime } = runtimeWith(() => json(409, { detail: "Already approved" }))
    const err = await failure(
      Api.use((a) => a.request("POST", "/x/")),
      runtime,
    )
    expect(err).toBeInstanceOf(Failure)
    expect(err).toMatchObject({ status: 409, detail: "Already approved" })
  })

  it("retries a failed query once, and never a write", async () => {
    let n = 0
    const { runtime, seen } = runtimeWith(() => (++n === 1 ? json(503, {}) : json(200, { ok: true })))
    await expect(runtime.runPromise(Api.use((a) => a.request("GET", "/q/")))).resolves.toEqual({ ok: true })
    expect(seen).toHaveLength(2)
    const writes = runtimeWith(() => json(503, { detail: "down" }))
    const err = await failure(
      Api.use((a) => a.request("POST", "/w/")),
      writes.runtime,
    )
    expect(err.status).toBe(503)
    expect(writes.seen).toHaveLength(1)
    const twice = runtimeWith(() => json(503, {}))
    await failure(
      Api.use((a) => a.request("GET", "/q/")),
      twice.runtime,
    )
    expect(twice.seen).toHaveLength(2)
  })

  it("reports an answer that does not match the schema as an Failure, never as data", async () => {
    const { runtime } = runtimeWith(() => json(200, { n: "three" }))
    const err = await failure(
      Api.use((a) => a.request("GET", "/x/", { schema: Schema.Struct({ n: Schema.Number }) })),
      runtime,
    )
    expect(err.message).toMatch(/Unexpected answer/)
  })

  it("sends each method; auth 'none' sends no bearer; replay 'never' keeps a 401", async () => {
    const { runtime, seen } = runtimeWith(() => json(401, { detail: "Invalid email or password." }))
    const calls = [
      (a: Api["Service"]) => a.request("GET", "/g/"),
      (a: Api["Service"]) => a.request("POST", "/p/", { auth: "none", replay: "never" }),
      (a: Api["Service"]) => a.request("PATCH", "/pa/", { replay: "never" }),
      (a: Api["Service"]) => a.request("PUT", "/pu/", { replay: "never" }),
      (a: Api["Service"]) => a.request("DELETE", "/d/", { replay: "never" }),
    ]
    const errors = await Promise.all(calls.map((call) => failure(Api.use(call), runtime)))
    // The GET's 401 asked the (failing) gate; the others never did: their 401 is the server's answer.
    expect(errors.map((e) => [e.status, e.detail])).toEqual([
      [401, null],
      [401, "Invalid email or password."],
      [401, "Invalid email or password."],
      [401, "Invalid email or password."],
      [401, "Invalid email or password."],
    ])
    expect(seen.map((s) => [s.init.method, new Headers(s.init.headers).get("Authorization")])).toEqual([
      ["GET", "Bearer T"],
      ["POST", null],
      ["PATCH", "Bearer T"],
      ["PUT", "Bearer T"],
      ["DELETE", "Bearer T"],
    ])
  })

  it("reports no answer at all as status 0", async () => {
    const { runtime } = runtimeWith(() => {
      throw new TypeError("Failed to fetch")
    })
    const err = await failure(
      Api.use((a) => a.request("POST", "/x/")),
      runtime,
    )
    expect(err.status).toBe(0)
  })
})
