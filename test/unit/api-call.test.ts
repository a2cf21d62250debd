// A call named by the API description: method, path with its parameters, query, body and the decoded answer
// come from the endpoint record, and a call that disagrees with the record does not compile.
import { Effect, Layer, ManagedRuntime } from "effect"
import { describe, expect, it } from "vitest"
import { callEndpoint, callLoadedEndpoint } from "../../src/effects/system/api-call"
import { Api } from "../../src/effects/system/api-client"
import { Config } from "../../src/effects/system/config"
import { HttpEnv } from "../../src/effects/system/http-env"
import { authApi } from "../../src/schema/api/auth"
import { notificationsApi } from "../../src/schema/api/notifications"
import { workRequestsApi } from "../../src/schema/api/requests"

function runtimeAnswering(body: unknown, status = 200) {
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
            seen.push({ url: new URL(String(input)), init })
            return new Response(JSON.stringify(body), { status })
          },
          currentToken: () => "T",
          awaitFreshToken: () => Promise.reject(new Error("no refresh here")),
        }),
      ),
    ),
  )
  return { runtime: ManagedRuntime.make(layer), seen }
}

const MARKED = { id: 7, is_read: true, unread_count: 2 }

describe("callEndpoint", () => {
  it("fills the path, sends the method and body, and decodes the answer with the described schema", async () => {
    const { runtime, seen } = runtimeAnswering(MARKED)
    const out = await runtime.runPromise(
      Api.use((api) => callEndpoint(api, notificationsApi.endpoints.markReadById, { params: { id: "7" } })),
    )
    expect(out).toEqual(MARKED)
    expect(seen.map((s) => [s.init.method, s.url.pathname])).toEqual([
      ["POST", "/api/v1/notifications/7/mark-read/"],
    ])
  })

  it("sends the typed query and refuses an answer that is not the described shape", async () => {
    const { runtime, seen } = runtimeAnswering({ unread: "many" })
    const error = await runtime.runPromise(
      Effect.flip(
        Api.use((api) =>
          callEndpoint(api, notificationsApi.endpoints.unreadCount, { query: { channel: "push" } }),
        ),
      ),
    )
    expect(error.kind).toBe("decode")
    expect(seen[0]?.url.search).toBe("?channel=push")
  })

  it("fetches a record first when asked to, and reports a record that did not arrive as no answer", async () => {
    const { runtime, seen } = runtimeAnswering(MARKED)
    const markRead = notificationsApi.endpoints.markReadById
    const out = await runtime.runPromise(
      Api.use((api) => callLoadedEndpoint(api, async () => markRead, { params: { id: "7" } })),
    )
    expect(out).toEqual(MARKED)
    const missing = await runtime.runPromise(
      Effect.flip(
        Api.use((api) =>
          callLoadedEndpoint(api, (): Promise<typeof markRead> => Promise.reject(new Error("chunk gone")), {
            params: { id: "7" },
          }),
        ),
      ),
    )
    expect(missing).toMatchObject({ kind: "network", status: 0 })
    expect(missing.message).toContain("chunk gone")
    expect(seen).toHaveLength(1)
  })

  it("reads a refusal's {detail} with the ErrorBody schema", async () => {
    const { runtime } = runtimeAnswering({ detail: "Invalid email or password." }, 401)
    const error = await runtime.runPromise(
      Effect.flip(
        Api.use((api) =>
          callEndpoint(
            api,
            authApi.endpoints.login,
            { payload: { email: "a@b.c", password: "x" } },
            { auth: "none", replay: "never" },
          ),
        ),
      ),
    )
    expect([error.status, error.detail]).toEqual([401, "Invalid email or password."])
  })

  it("does not compile a call that disagrees with the description", () => {
    const typeChecksOnly = (api: Api["Service"]) => [
      // @ts-expect-error the path parameter is required
      callEndpoint(api, workRequestsApi.endpoints.approve, {}),
      // @ts-expect-error `reason` must be a string
      callEndpoint(api, workRequestsApi.endpoints.reject, { params: { uuid: "u" }, payload: { reason: 1 } }),
      // @ts-expect-error `ordering` is one of the fields the server sorts by, not any string
      callEndpoint(api, workRequestsApi.endpoints.list, { query: { ordering: "price" } }),
    ]
    expect(typeChecksOnly).toBeTypeOf("function")
  })
})
