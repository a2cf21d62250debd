// Registers a described endpoint (src/schema/api) on Fastify: its method and path, the guard its callers
// name, and the decoding of path parameters, query and body with the description's schemas (bad input is a
// 400 naming the field); the handler's answer is encoded with the success schema and sent with the described
// status. Errors the handler throws are mapped to `{detail}` in one place (./error-handler.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify"
import {
  CALLERS,
  type Caller,
  type EndpointSpec,
  type GroupSpec,
  type ParamsOf,
  type PayloadOf,
  type QueryOf,
  type SuccessOf,
} from "../../src/schema/api/endpoint"
import { headPosition } from "../live/change-log"
import type { Encoding } from "./compression"
import { decodeOr400, encodeBody } from "./decode"
import { requireCategory, requireUser } from "./require-user"

export interface Served<E extends EndpointSpec> {
  readonly params: ParamsOf<E>
  readonly query: QueryOf<E>
  readonly payload: PayloadOf<E>
  readonly req: FastifyRequest
  readonly reply: FastifyReply
}

export interface Negotiated {
  /** The bytes for the encoding the client accepts, or null when it gets the text (it accepts none). */
  readonly compressed: { readonly encoding: Encoding; readonly bytes: Buffer } | null
}

/**
 * An answer already encoded as JSON text (a cached page): sent as is, or, once negotiated, as the bytes for
 * the encoding the client accepts (the compression plugin then leaves it alone, seeing its Content-Encoding).
 * A negotiated answer says `Vary: Accept-Encoding` in every encoding, identity included.
 */
export class EncodedJson {
  constructor(
    readonly text: string,
    readonly negotiated: Negotiated | null = null,
  ) {}
}

/** A file sent as a stream (a CSV export): its type, its download name and its bytes as they come. */
export class StreamedFile {
  constructor(
    readonly contentType: string,
    readonly filename: string,
    readonly stream: NodeJS.ReadableStream,
  ) {}
}

export type Handler<E extends EndpointSpec> = (
  input: Served<E>,
) => Promise<SuccessOf<E> | EncodedJson | StreamedFile>

export interface ServeOptions {
  /** Replaces the guard the callers name (an endpoint with its own refusal wording, the intake key). */
  readonly guard?: preHandlerAsyncHookHandler
  /** Runs before the guard (the Origin check of the cookie-authenticated calls). */
  readonly before?: preHandlerAsyncHookHandler
  /**
   * Unknown query keys are ignored and a query that does not decode is read as none: for a call that must
   * always do its work (sign-out).
   */
  readonly lenientQuery?: boolean
  /** False: never compressed (a streamed file whose first bytes must not wait for a compressor's block). */
  readonly compress?: false
  /**
   * A live endpoint whose handler puts `live_position` in its answer itself: a page served from memory states
   * what it reflects without a query (server/notifications/page-cache.ts).
   */
  readonly ownPosition?: true
}

const roleGuard = (caller: Caller): preHandlerAsyncHookHandler | null => {
  const { roles, signIn } = CALLERS[caller]
  if (!signIn) return null
  return roles === "any" ? requireUser : requireCategory(...roles)
}

const decodeQuery = <E extends EndpointSpec>(endpoint: E, raw: unknown, lenient: boolean): QueryOf<E> => {
  const schema = endpoint.query
  if (!schema) return undefined as QueryOf<E>
  if (!lenient) return decodeOr400(schema, raw) as QueryOf<E>
  try {
    return decodeOr400(schema, raw, { allowExtraKeys: true }) as QueryOf<E>
  } catch {
    return decodeOr400(schema, {}) as QueryOf<E>
  }
}

export function serveEndpoint<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: ServeOptions = {},
): void {
  const guard = options.guard ?? roleGuard(endpoint.callers)
  const preHandler = [options.before, guard].filter((hook) => hook != null)
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    preHandler,
    ...(options.compress === false ? { compress: false } : {}),
    handler: async (req, reply) => {
      const params = (endpoint.params ? decodeOr400(endpoint.params, req.params) : undefined) as ParamsOf<E>
      const query = decodeQuery(endpoint, req.query, options.lenientQuery === true)
      // A body-less call is read as `{}`, so that the answer names the first missing field.
      const payload = (
        endpoint.payload ? decodeOr400(endpoint.payload, req.body ?? {}) : undefined
      ) as PayloadOf<E>
      // Read before the data, so the answer reflects at least this position (docs/behaviour.md#catching-up).
      const position =
        endpoint.live && options.ownPosition !== true
          ? await headPosition(req.server.services.database.db)
          : null
      const answer = await handler({ params, query, payload, req, reply })
      reply.code(endpoint.successStatus ?? 200)
      if (answer instanceof EncodedJson) return sendEncoded(reply, answer)
      if (answer instanceof StreamedFile)
        return reply
          .type(answer.contentType)
          .header("content-disposition", `attachment; filename="${answer.filename}"`)
          .header("cache-control", "no-store")
          .send(answer.stream)
      return encodeBody(endpoint.success, position === null ? answer : withPosition(answer, position))
    },
  })
}

const withPosition = <A>(answer: A, position: number): A =>
  typeof answer === "object" && answer !== null ? { ...answer, live_position: position } : answer

function sendEncoded(reply: FastifyReply, answer: EncodedJson): FastifyReply {
  reply.type("application/json; charset=utf-8")
  if (!answer.negotiated) return reply.send(answer.text)
  const vary = reply.getHeader("vary")
  reply.header("vary", vary ? `${String(vary)}, accept-encoding` : "accept-encoding")
  const { compressed } = answer.negotiated
  if (!compressed) return reply.send(answer.text)
  return reply
    .header("content-encoding", compressed.encoding)
    .header("content-length", compressed.bytes.length)
    .send(compressed.bytes)
}

export type Handlers<G extends GroupSpec> = {
  readonly [K in keyof G["endpoints"]]: Handler<G["endpoints"][K]>
}
type Options<G extends GroupSpec> = { readonly [K in keyof G["endpoints"]]?: ServeOptions }

/** Every endpoint of a group: a described endpoint without a handler does not compile. */
export function serveGroup<G extends GroupSpec>(
  app: FastifyInstance,
  group: G,
  handlers: Handlers<G>,
  options: Options<G> = {},
): void {
  type Name = keyof G["endpoints"] & string
  for (const name of Object.keys(group.endpoints) as Name[]) {
    const endpoint = group.endpoints[name] as G["endpoints"][Name]
    serveEndpoint(app, endpoint, handlers[name], options[name])
  }
}
