import { Context, Effect, Layer, Schedule, Schema } from "effect"
import { REQUEST_RETRY } from "../constants"
import { ApiError } from "./api-error"
import { Config } from "./config"
import { HttpEnv } from "./http-env"

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE"
type Query = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions<A> {
  readonly query?: Query
  readonly body?: unknown
  readonly schema?: Schema.Decoder<A>
  /** Login and the refresh call itself never trigger a refresh (SPEC §4). */
  readonly refreshOn401?: boolean
}

export interface ApiShape {
  readonly request: <A = unknown>(method: Method, path: string, options?: RequestOptions<A>) => Effect.Effect<A, ApiError>
}

const readBody = async (res: Response): Promise<unknown> => {
  const text = await res.text()
  if (text === "") return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const field = (body: unknown, key: string): string | null => {
  if (typeof body !== "object" || body === null) return null
  const value = (body as Record<string, unknown>)[key]
  return typeof value === "string" ? value : null
}

export const buildUrl = (base: string, path: string, query?: Query): string => {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== "") params.set(k, String(v))
  const qs = params.toString()
  return `${base}${path}${qs ? `?${qs}` : ""}`
}

/** Queries that failed for a transient reason are retried once app-wide; writes never blindly (SPEC §9). */
const transient = (e: ApiError) => e.status === 0 || e.status >= 500

export class Api extends Context.Service<Api, ApiShape>()("app/Api") {
  static readonly layer = Layer.effect(
    Api,
    Effect.gen(function* () {
      const config = yield* Config
      const env = yield* HttpEnv

      const send = (method: Method, url: string, body: unknown, token: string | null) =>
        Effect.tryPromise({
          try: async () => {
            const headers: Record<string, string> = { Accept: "application/json" }
            if (body !== undefined) headers["Content-Type"] = "application/json"
            if (token) headers.Authorization = `Bearer ${token}`
            const res = await env.fetch(url, {
              method,
              headers,
              credentials: "include",
              body: body === undefined ? undefined : JSON.stringify(body),
            })
            return { status: res.status, ok: res.ok, body: await readBody(res) }
          },
          catch: (e) =>
            new ApiError({ status: 0, detail: null, message: e instanceof Error ? e.message : "Network error" }),
        })

      const request: ApiShape["request"] = (method, path, options = {}) => {
        const url = buildUrl(config.apiBaseUrl, path, options.query)
        const attempt = (token: string | null) =>
          send(method, url, options.body, token).pipe(
            Effect.flatMap((res) =>
              res.ok
                ? Effect.succeed(res)
                : Effect.fail(
                    new ApiError({
                      status: res.status,
                      detail: field(res.body, "detail"),
                      serverMessage: field(res.body, "message"),
                      message: `${method} ${path} answered ${res.status}`,
                    }),
                  ),
            ),
          )
        const withRefresh = attempt(env.currentToken()).pipe(
          Effect.catchIf(
            (e: ApiError) => e.status === 401 && options.refreshOn401 !== false,
            // One refresh, then exactly one replay with the new token; a second 401 is final.
            () =>
              Effect.tryPromise({
                try: () => env.awaitFreshToken(),
                catch: () => new ApiError({ status: 401, detail: null, message: "Refresh token expired or invalid." }),
              }).pipe(Effect.flatMap((fresh) => attempt(fresh))),
          ),
        )
        const retried =
          method === "GET"
            ? withRefresh.pipe(
                Effect.retry({ while: transient, times: REQUEST_RETRY.appQueryRetries, schedule: Schedule.exponential("200 millis") }),
              )
            : withRefresh
        return retried.pipe(
          Effect.flatMap((res) => {
            const schema = options.schema
            if (!schema) return Effect.succeed(res.body as never)
            return Schema.decodeUnknownEffect(schema)(res.body).pipe(
              Effect.mapError(
                (e) => new ApiError({ status: res.status, detail: null, message: `Unexpected answer: ${String(e)}` }),
              ),
            )
          }),
        )
      }
      return Api.of({ request })
    }),
  )
}
