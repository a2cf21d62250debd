import type { Schema } from "effect"
import { type Action, categoriesFor } from "../auth/permissions"

// One endpoint of the API as both sides read it: method, path (`:name` placeholders, as Fastify and
// effect/http-api write them), the schemas of its path parameters, query, body and answer, the error statuses
// it may answer with (each as `{detail}`), and who may call it. Plain data over Schema on purpose: the
// sign-in page's code reads these records, and effect/http-api's endpoint module would add about 8 KB gzipped
// to it; the HttpApi (OpenAPI, docs) is built from these same records, and each group's GroupDocs, on the
// server (./http-api.ts).

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/** The error statuses the API answers with; every one carries `{detail}` (see ../system/errors.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 426 | 429 | 503

/** The categories the permission table (../auth/permissions.ts) allows an action, as a caller entry. */
const mayDo = (action: Action) => {
  const roles = categoriesFor(action)
  return { roles, signIn: true, summary: roles.join(", ") } as const
}

/**
 * Who may call an endpoint, by the user categories the server checks: those beyond "anyone signed in" come
 * from the one permission table, which the client's buttons and routes read too.
 */
export const CALLERS = {
  /** No bearer: credentials in the body or the HttpOnly refresh cookie are the caller's proof. */
  anyone: { roles: "any", signIn: false, summary: "Anyone (no bearer token)" },
  /** Any signed-in user, whatever their category (personal state and reads). */
  signedIn: { roles: "any", signIn: true, summary: "Any signed-in user" },
  /** The categories that act on marketplace records. */
  staff: mayDo("record.decide"),
  /** Claiming a record for oneself or releasing a claim. */
  claim: mayDo("record.claim"),
  /** Taking a record out of a final state. */
  reopen: mayDo("record.reopen"),
  /** Sending notifications to chosen users. */
  send: mayDo("notification.send"),
  /** Managing the team's accounts (the staff page). */
  manageStaff: mayDo("staff.manage"),
  /** The public marketplace's server with the shared `X-Intake-Key`, or a bearer token allowed to submit. */
  intake: {
    roles: categoriesFor("intake.submit"),
    signIn: true,
    summary: `X-Intake-Key holder, or ${categoriesFor("intake.submit").join(", ")}`,
  },
  /** The socket: the access token travels as `?token=` on the upgrade. */
  socket: { roles: "any", signIn: true, summary: "Any signed-in user (token in the query)" },
} as const satisfies Readonly<
  Record<
    string,
    { readonly roles: "any" | readonly string[]; readonly signIn: boolean; readonly summary: string }
  >
>
export type Caller = keyof typeof CALLERS

/** A schema that needs no services to decode or encode (every wire schema here). */
export type AnyCodec = Schema.Codec<unknown, unknown>

/** An endpoint's name is its key in its group: `group.key` is the OpenAPI operationId. */
export interface EndpointSpec {
  readonly method: Method
  readonly path: `/${string}`
  readonly callers: Caller
  readonly params?: AnyCodec
  readonly query?: AnyCodec
  readonly payload?: AnyCodec
  /** How the body travels: JSON unless said otherwise (an upload is multipart/form-data). */
  readonly payloadKind?: "multipart"
  readonly success: AnyCodec
  /** A file's bytes rather than JSON (its type is the file's own). */
  readonly successKind?: "file"
  /** 200 unless said otherwise (201 for what creates a record). */
  readonly successStatus?: 200 | 201 | 101
  readonly errors: ReadonlyArray<ErrorStatus>
  /**
   * A read of what live changes update: the answer carries `live_position`, the change-log position read
   * before its data (docs/behaviour.md#catching-up).
   */
  readonly live?: true
}

export interface GroupSpec<E extends Record<string, EndpointSpec> = Record<string, EndpointSpec>> {
  readonly name: string
  readonly endpoints: E
}

/**
 * A group's words for the reference page: what it is for and one sentence per endpoint. Kept beside the
 * group but apart from its records, so that the browser's bundle, which imports the records, drops them.
 */
export interface GroupDocs<G extends GroupSpec> {
  readonly description: string
  readonly summaries: { readonly [K in keyof G["endpoints"]]: string }
}

/** Keeps the literal types of an endpoint (its schemas) for the typed server and client. */
export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec

export const group = <const E extends Record<string, EndpointSpec>>(
  name: string,
  endpoints: E,
): GroupSpec<E> => ({
  name,
  endpoints,
})

type TypeOf<E, K extends "params" | "query" | "payload" | "success"> = E extends {
  readonly [key in K]: infer S extends Schema.Top
}
  ? S["Type"]
  : undefined

export type ParamsOf<E extends EndpointSpec> = TypeOf<E, "params">
export type QueryOf<E extends EndpointSpec> = TypeOf<E, "query">
export type PayloadOf<E extends EndpointSpec> = TypeOf<E, "payload">
export type SuccessOf<E extends EndpointSpec> = TypeOf<E, "success">

/** `/api/v1/work-requests/:uuid/approve/` with `{uuid}` filled in (each value URL-encoded). */
export const fillPath = (path: string, params: Readonly<Record<string, string>> | undefined): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ""))
