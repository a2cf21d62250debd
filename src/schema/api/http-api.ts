import { Context, Schema } from "effect"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { ClientMessage, ServerMessage } from "../live/socket"
import { ErrorBody } from "../system/errors"
import { API, API_TITLE, API_VERSION, type DescribedGroup } from "./api"
import { CALLERS, type Caller, type EndpointSpec } from "./endpoint"
import { SOCKET_PROTOCOL_MARKDOWN } from "./socket-protocol"

// The description as an effect/http-api HttpApi, for the OpenAPI document and the reference page. For the
// server only: the browser's code reads the plain records (./endpoint.ts), which cost it nothing extra.

/** Who may call an endpoint, as an annotation on the HttpApi endpoint (read back by tests and tools). */
export class WhoMayCall extends Context.Service<WhoMayCall, Caller>()("api/WhoMayCall") {}

const NamedErrorBody = ErrorBody.annotate({
  identifier: "ErrorBody",
  description: "Every refusal: `detail` says what was wrong, in words a user can read.",
})

const successOf = (spec: EndpointSpec): Schema.Top => {
  if (spec.successStatus === 101)
    return HttpApiSchema.Empty(101).annotate({ description: "Switching Protocols: the socket is open." })
  const status = HttpApiSchema.status(spec.successStatus ?? 200)
  if (spec.successKind === "file")
    return Schema.Uint8Array.pipe(
      HttpApiSchema.asUint8Array({ contentType: "application/octet-stream" }),
      status,
    )
  return spec.success.pipe(status)
}

const payloadOf = (spec: EndpointSpec): Schema.Top | undefined =>
  spec.payload && spec.payloadKind === "multipart"
    ? spec.payload.pipe(HttpApiSchema.asMultipart())
    : spec.payload

const describeCallers = (caller: Caller): string => `**Who may call:** ${CALLERS[caller].summary}.`

function toEndpoint(name: string, spec: EndpointSpec, summary: string): HttpApiEndpoint.Constraint {
  const roles = CALLERS[spec.callers].roles
  return HttpApiEndpoint.make(spec.method)(name, spec.path, {
    disableCodecs: true,
    // The wire schemas encode to text as these constraints ask; their declared types are wider than that.
    params: spec.params as HttpApiEndpoint.ParamsConstraint | undefined,
    query: spec.query as HttpApiEndpoint.QueryConstraint | undefined,
    payload: payloadOf(spec),
    success: successOf(spec),
    error: spec.errors.map((status) => NamedErrorBody.pipe(HttpApiSchema.status(status))),
  })
    .annotate(WhoMayCall, spec.callers)
    .annotateMerge(
      OpenApi.annotations({
        summary,
        description: describeCallers(spec.callers),
        override: { "x-roles": roles === "any" ? "any" : [...roles] },
      }),
    )
}

function toGroup({ group, docs }: DescribedGroup): HttpApiGroup.Constraint {
  const [first, ...rest] = Object.entries(group.endpoints).map(([key, spec]) =>
    toEndpoint(key, spec, docs.summaries[key] ?? ""),
  )
  if (!first) throw new Error(`API group ${group.name} has no endpoints`)
  return HttpApiGroup.make(group.name)
    .add(first, ...rest)
    .annotateMerge(OpenApi.annotations({ description: docs.description }))
}

const DESCRIPTION = `The back office of the maintenance-services marketplace: sign-in, company applications, work and
maintenance requests, providers, the dashboard, the intake API for the public marketplace, notifications, push
registrations, and the live notification socket.

Paths end with a slash. Lists answer \`{count, next, previous, results}\` and take \`page\` and \`page_size\`.
Signed-in calls send \`Authorization: Bearer <access>\` (from sign-in or refresh). Every refusal is a 4xx with
\`{detail}\`; a 429 carries \`Retry-After\`.

${SOCKET_PROTOCOL_MARKDOWN}`

export type DescribedApi = HttpApi.HttpApi<"api", HttpApiGroup.Constraint>

const build = (): DescribedApi => {
  const [first, ...rest] = API.map(toGroup)
  if (!first) throw new Error("The API has no groups")
  return HttpApi.make("api")
    .add(first, ...rest)
    .annotate(HttpApi.AdditionalSchemas, [
      ClientMessage.annotate({ identifier: "ClientMessage", description: "A frame the client sends." }),
      ServerMessage.annotate({ identifier: "ServerMessage", description: "A frame the server sends." }),
    ])
    .annotateMerge(OpenApi.annotations({ title: API_TITLE, version: API_VERSION, description: DESCRIPTION }))
}

export const httpApi: DescribedApi = build()
