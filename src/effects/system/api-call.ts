import { Effect, type Schema } from "effect"
import {
  type EndpointSpec,
  fillPath,
  type ParamsOf,
  type PayloadOf,
  type QueryOf,
  type SuccessOf,
} from "../../schema/api/endpoint"
import type { Failure } from "../../schema/system/failure"
import { type ApiShape, loadCode, type RequestOptions } from "./api-client"

// A call of a described endpoint (src/schema/api): method, path and its parameters, query, body and the
// decoded answer all come from the description, so a client call that disagrees with what the server serves
// does not compile. It goes through the one Api service (bearer, refresh queue, retry, time limit, Failure).

type Part<K extends string, T> = [T] extends [undefined] ? unknown : { readonly [key in K]: T }

/** What a call of this endpoint needs: its path parameters, query and body, each only if it has them. */
export type CallInput<E extends EndpointSpec> = Part<"params", ParamsOf<E>> &
  Part<"query", QueryOf<E>> &
  Part<"payload", PayloadOf<E>>

export interface CallOptions<A> extends Pick<RequestOptions<A>, "auth" | "replay" | "keepalive"> {
  /** Reads the answer more leniently than the server writes it (a field the client can do without). */
  readonly decodeAs?: Schema.Decoder<A>
}

type Query = RequestOptions<unknown>["query"]

interface AnyInput {
  readonly params?: Readonly<Record<string, string>>
  readonly query?: Query
  readonly payload?: unknown
}

export function callEndpoint<E extends EndpointSpec, A = SuccessOf<E>>(
  api: ApiShape,
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions<A> = {},
): Effect.Effect<A, Failure> {
  // The parts' types were checked against the description above; here they are only forwarded.
  const parts = input as AnyInput
  return api.request<A>(endpoint.method, fillPath(endpoint.path, parts.params), {
    query: parts.query,
    body: parts.payload,
    schema: options.decodeAs ?? (endpoint.success as Schema.Decoder<A>),
    auth: options.auth,
    replay: options.replay,
    keepalive: options.keepalive,
  })
}

/**
 * The same call, its endpoint's record fetched first: for the startup code, whose records (built with Schema)
 * must not be in the sign-in page's JavaScript (./load-decoding.ts). A record that cannot be fetched is a
 * `network` failure, as no answer.
 */
export function callLoadedEndpoint<E extends EndpointSpec, A = SuccessOf<E>>(
  api: ApiShape,
  load: () => Promise<E>,
  input: CallInput<E>,
  options: CallOptions<A> = {},
): Effect.Effect<A, Failure> {
  return loadCode(load).pipe(Effect.flatMap((endpoint) => callEndpoint<E, A>(api, endpoint, input, options)))
}
