import { Context, Effect, Layer, Result, type Schema } from "effect"
import { REQUEST_RETRY } from "../../constants"
import { REFRESH_FAILED } from "../../machines/auth/refresh.machine"
import { Failure } from "../../schema/system/failure"
import { Config } from "./config"
import { HttpEnv } from "./http-env"
import { loadDecoding } from "./load-decoding"
import { retryWithDelays } from "./retry"

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE"
type Query = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions<A> {
  readonly query?: Query
  readonly body?: unknown
  /** Every answer a caller reads is decoded; without a schema the caller gets `unknown`-typed data. */
  readonly schema?: Schema.Decoder<A>
  /** "none" sends no bearer header (login, refresh: the cookie is their credential). Default "bearer". */
  readonly auth?: "bearer" | "none"
  /** "never" for login and refresh: their 401 is final (docs/behaviour.md#refresh-queue). Default "on401". */
  readonly replay?: "on401" | "never"
  /** The call outlives the page (fetch's `keepalive`): for a sign-out, which a reload must not cut short. */
  readonly keepalive?: boolean
}

export interface ApiShape {
  readonly request: <A = unknown>(
    method: Method,
    path: string,
    options?: RequestOptions<A>,
  ) => Effect.Effect<A, Failure>
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

// Every refusal is `{detail}` (a profile update's may carry `message` instead); a body that is neither, or
// one that arrives when the decoder's chunk cannot (offline), is read as having no words for the user, and the
// caller's fallback is shown.
type ErrorWords = { readonly detail: string | null; readonly serverMessage: string | null }
const NO_WORDS: ErrorWords = { detail: null, serverMessage: null }
const errorWords = (body: unknown): Effect.Effect<ErrorWords> =>
  Effect.tryPromise(loadDecoding).pipe(
    Effect.map(({ decodeErrorBody }) => {
      const read = decodeErrorBody(body)
      if (Result.isFailure(read)) return NO_WORDS
      return { detail: read.success.detail ?? null, serverMessage: read.success.message ?? null }
    }),
    Effect.orElseSucceed(() => NO_WORDS),
  )

export const buildUrl = (base: string, path: string, query?: Query): string => {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== "") params.set(k, String(v))
  const qs = params.toString()
  return `${base}${path}${qs ? `?${qs}` : ""}`
}

/** Queries that failed for a transient reason are retried once app-wide; writes never blindly. */
const transient = (e: Failure) => e.status === 0 || e.status >= 500
/** The app-wide retry has a count but no delay of its own: a short pause lets a restarting server answer. */
const QUERY_RETRY_DELAY_MS = 200
/** Before retry n, twice the wait before the one before. */
const queryRetryDelayMs = (retry: number) => QUERY_RETRY_DELAY_MS * 2 ** (retry - 1)

/** Code fetched on demand (a decoder's chunk) that did not arrive: no answer could be read, as when offline. */
export const loadCode = <T>(load: () => Promise<T>): Effect.Effect<T, Failure> =>
  Effect.tryPromise({
    try: load,
    catch: (e) =>
      new Failure({
        kind: "network",
        status: 0,
        detail: null,
        serverMessage: null,
        message: `Could not load the code to read the answer: ${e instanceof Error ? e.message : String(e)}`,
      }),
  })

export class Api extends Context.Service<Api, ApiShape>()("app/Api") {
  static readonly layer = Layer.effect(
    Api,
    Effect.gen(function* () {
      const config = yield* Config
      const env = yield* HttpEnv

      const send = (method: Method, url: string, body: unknown, token: string | null, keepalive: boolean) =>
        Effect.tryPromise({
          try: async (signal) => {
            const headers: Record<string, string> = { Accept: "application/json" }
            if (body !== undefined) headers["Content-Type"] = "application/json"
            if (token) headers.Authorization = `Bearer ${token}`
            const res = await env.fetch(url, {
              method,
              headers,
              credentials: "include",
              body: body === undefined ? undefined : JSON.stringify(body),
              ...(keepalive ? { keepalive } : {}),
              signal,
            })
            return { status: res.status, ok: res.ok, body: await readBody(res) }
          },
          catch: (e) =>
            new Failure({
              kind: "network",
              status: 0,
              detail: null,
              serverMessage: null,
              message: e instanceof Error ? e.message : "Network error",
            }),
        }).pipe(
          // Interrupting the call aborts the fetch: a call that never answers does not hold a machine forever.
          Effect.timeoutOrElse({
            duration: REQUEST_RETRY.timeoutMs,
            orElse: () =>
              Effect.fail(
                new Failure({
                  kind: "timeout",
                  status: 0,
                  detail: null,
                  serverMessage: null,
                  message: `${method} ${url} had no answer within ${REQUEST_RETRY.timeoutMs} ms`,
                }),
              ),
          }),
        )

      const request: ApiShape["request"] = (method, path, options = {}) => {
        const url = buildUrl(config.apiBaseUrl, path, options.query)
        const bearer = options.auth !== "none"
        const once = (token: string | null) =>
          send(method, url, options.body, token, options.keepalive === true).pipe(
            Effect.flatMap((res) =>
              res.ok
                ? Effect.succeed(res)
                : errorWords(res.body).pipe(
                    Effect.flatMap((words) =>
                      Effect.fail(
                        new Failure({
                          kind: "http",
                          status: res.status,
                          ...words,
                          message: `${method} ${path} answered ${res.status}`,
                        }),
                      ),
                    ),
                  ),
            ),
          )
        // The transient retry sits inside one exchange, below the 401 handling, so that a query sent a second
        // time can never start a second refresh of its own.
        const exchange = (token: string | null) =>
          method === "GET"
            ? retryWithDelays(once(token), {
                times: REQUEST_RETRY.appQueryRetries,
                delayMs: queryRetryDelayMs,
                while: transient,
              })
            : once(token)
        // A token that changed while this request was in flight is already fresh: replay with it directly
        // rather than queue for another refresh.
        const freshToken = (used: string | null) => {
          const now = env.currentToken()
          if (now !== null && now !== used) return Effect.succeed(now)
          return Effect.tryPromise({
            try: () => env.awaitFreshToken(),
            catch: () =>
              new Failure({
                kind: "http",
                status: 401,
                detail: null,
                serverMessage: null,
                message: REFRESH_FAILED,
              }),
          })
        }
        const withRefresh = Effect.suspend(() => {
          const used = bearer ? env.currentToken() : null
          if (options.replay === "never") return exchange(used)
          // One refresh, then exactly one replay with the new token; the replay's own 401 is final.
          return exchange(used).pipe(
            Effect.catchIf(
              (e: Failure) => e.status === 401,
              () => freshToken(used).pipe(Effect.flatMap((token) => exchange(token))),
            ),
          )
        })
        return withRefresh.pipe(
          Effect.flatMap((res) => {
            const { schema } = options
            if (!schema) return Effect.succeed(res.body as never)
            return loadCode(loadDecoding).pipe(
              Effect.flatMap(({ decodeUnknown }) =>
                decodeUnknown(schema)(res.body).pipe(
                  Effect.mapError(
                    (e) =>
                      new Failure({
                        kind: "decode",
                        status: res.status,
                        detail: null,
                        serverMessage: null,
                        message: `Unexpected answer: ${String(e)}`,
                      }),
                  ),
                ),
              ),
            )
          }),
        )
      }
      // Calls name an endpoint of the API description through ./api-call.ts, which sends them here.
      return Api.of({ request })
    }),
  )
}
