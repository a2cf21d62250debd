import { Context, type Schema } from "effect"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { ErrorBody } from "../errors"
import { ClientMessage, ServerMessage } from "../socket"
import { API_GROUPS, API_TITLE, API_VERSION } from "./api"
import { CALLERS, type Caller, type EndpointSpec, type GroupSpec } from "./endpoint"
import { SOCKET_PROTOCOL_MARKDOWN } from "./socket-protocol"

// The description as an effect/http-api HttpApi, for the OpenAPI document and the reference page. For the
// server only: the browser's code reads the plain records (./endpoint.ts), which cost it nothing extra.

/** Who may call an endpoint, as an annotation on the HttpApi endpoint (read back by tests and tools). */
export class WhoMayCall extends Context.Service<WhoMayCall, Caller>()("api/WhoMayCall") {}

const NamedErrorBody = ErrorBody.annotate({
  identifier: "ErrorBody",
  description: "Every refusal: `detail` says what was wrong, in words a user can read.",
})

const successOf = (spec: EndpointSpec): Schema.Top =>
  spec.successStatus === 101
    ? HttpApiSchema.Empty(101).annotate({ description: "Switching Protocols: the socket is open." })
    : spec.success.pipe(HttpApiSchema.status(spec.successStatus ?? 200))

const describeCallers = (caller: Caller): string => `**Who may call:** ${CALLERS[caller].summary}.`

function toEndpoint(spec: EndpointSpec): HttpApiEndpoint.Constraint {
  const roles = CALLERS[spec.callers].roles
  return HttpApiEndpoint.make(spec.method)(spec.name, spec.path, {
    disableCodecs: true,
    // The wire schemas encode to text as these constraints ask; their declared types are wider than that.
    params: spec.params as HttpApiEndpoint.ParamsConstraint | undefined,
    query: spec.query as HttpApiEndpoint.QueryConstraint | undefined,
    payload: spec.payload,
    success: successOf(spec),
    error: spec.errors.map((status) => NamedErrorBody.pipe(HttpApiSchema.status(status))),
  })
    .annotate(WhoMayCall, spec.callers)
    .annotateMerge(
      OpenApi.annotations({
        summary: spec.summary,
        description: describeCallers(spec.callers),
        override: { "x-roles": roles === "any" ? "any" : [...roles] },
      }),
    )
}

function toGroup(spec: GroupSpec): HttpApiGroup.Constraint {
  const [first, ...rest] = Object.values(spec.endpoints).map(toEndpoint)
  if (!first) throw new Error(`API group ${spec.name} has no endpoints`)
  return HttpApiGroup.make(spec.name)
    .add(first, ...rest)
    .annotateMerge(OpenApi.annotations({ description: spec.description }))
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
  const [first, ...rest] = API_GROUPS.map(toGroup)
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
