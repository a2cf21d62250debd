// What the fuzz suites send to each route of the server's route table, keyed `METHOD url`. A route with no
// entry here fails fuzz-routes.test.ts: every new endpoint must say how it is fuzzed.

import fc from "fast-check"
import { AcceptInvitationBody } from "../../src/schema/accounts/invitation"
import { ResetPasswordBody, ResetRequestBody } from "../../src/schema/accounts/password-reset"
import { InviteBody, StaffPatch, StaffQuery, VersionBody } from "../../src/schema/accounts/staff"
import { ChangePasswordBody } from "../../src/schema/accounts/user-settings"
import { LoginRequest, ProfilePatch } from "../../src/schema/auth/auth"
import { FileQuery } from "../../src/schema/documents/document"
import { ExportDownloadQuery, ExportRequest } from "../../src/schema/exports/exports"
import {
  AcceptBody,
  ApplicationListQuery,
  CompanyApplicationIntake,
  DeclineOfferBody,
  MaintenanceRequestIntake,
  OfferListQuery,
  OfferProvidersBody,
  ProviderListQuery,
  RejectBody,
  ReopenBody,
  RequestInformationBody,
  RequestListQuery,
  SelectProvidersBody,
  WithdrawOfferBody,
  WorkRequestIntake,
} from "../../src/schema/marketplace/marketplace-input"
import { NoteCreate } from "../../src/schema/marketplace/notes"
import { SavedViewCreate, SavedViewQuery, SavedViewRename } from "../../src/schema/marketplace/saved-views"
import {
  AdminSendBody,
  ChannelQuery,
  DeviceTokenRegisterBody,
  DeviceTokenUnregisterBody,
  MarkReadBody,
  NotificationListQuery,
  PreferencesUpdate,
  UpdatePushTokenBody,
} from "../../src/schema/notifications/notifications"
import { ReportQuery } from "../../src/schema/reports/reports"
import { SearchQuery } from "../../src/schema/shell/search"
import type { WireSchema } from "./fuzz-arbitraries"
import { SECOND_FACTOR_FUZZ } from "./fuzz-endpoints-second-factor"
import type { Who } from "./fuzz-headers"

/** Ids and keys that exist in the seeded database, so that generated cases also reach the real work. */
export interface FuzzContext {
  readonly users: Readonly<
    Record<Who, { readonly id: number; readonly email: string; readonly password: string }>
  >
  readonly applications: readonly string[]
  readonly workRequests: readonly string[]
  readonly maintenanceRequests: readonly string[]
  readonly providers: readonly string[]
  /** Offers made to providers (the seeded selections' open ones). */
  readonly offers: readonly string[]
  /** Notification ids of any user (most are not the caller's: those must be a 404). */
  readonly notifications: readonly string[]
  readonly preferences: readonly string[]
  /** Session ids (refresh-token families) of the demo users, the caller's or not. */
  readonly sessions: readonly string[]
}

export type FuzzGroup = "account" | "marketplace" | "notifications" | "socket"

export interface FuzzSpec {
  /** Which suite fuzzes the route: fuzz-<group>.test.ts. */
  readonly group: FuzzGroup
  /** Valid bodies are sampled from this schema, then mutated. */
  readonly body?: WireSchema
  /** Hand-made valid bodies that reach deeper (real ids, real recipients). */
  readonly validBody?: (ctx: FuzzContext) => fc.Arbitrary<unknown>
  readonly query?: WireSchema
  /** Known good values per path parameter. */
  readonly params?: (ctx: FuzzContext) => Readonly<Record<string, readonly string[]>>
  /** Sends a refresh cookie (a fresh one from a real sign-in, or junk). */
  readonly refreshCookie?: true
}

const demoLogin = (ctx: FuzzContext) =>
  fc.constantFrom(...Object.values(ctx.users)).map((u) => ({ email: u.email, password: u.password }))

const requestRoutes = (base: string, known: (ctx: FuzzContext) => readonly string[]) => {
  const params = (ctx: FuzzContext) => ({ uuid: known(ctx) })
  return {
    [`GET ${base}`]: { group: "marketplace", query: RequestListQuery },
    [`GET ${base}:uuid/`]: { group: "marketplace", params },
    [`POST ${base}:uuid/approve/`]: { group: "marketplace", params },
    [`POST ${base}:uuid/reject/`]: { group: "marketplace", params, body: RejectBody },
    [`POST ${base}:uuid/reopen/`]: { group: "marketplace", params, body: ReopenBody },
    [`POST ${base}:uuid/assign/`]: { group: "marketplace", params },
    [`POST ${base}:uuid/unassign/`]: { group: "marketplace", params },
    [`GET ${base}:uuid/providers/`]: { group: "marketplace", params },
    [`POST ${base}:uuid/select-providers/`]: {
      group: "marketplace",
      params,
      body: SelectProvidersBody,
      validBody: (ctx) =>
        fc
          .subarray([...ctx.providers], { minLength: 1, maxLength: 5 })
          .map((provider_ids) => ({ provider_ids })),
    },
    [`POST ${base}:uuid/offer-providers/`]: {
      group: "marketplace",
      params,
      body: OfferProvidersBody,
      validBody: (ctx) =>
        fc
          .subarray([...ctx.providers], { minLength: 1, maxLength: 5 })
          .map((provider_ids) => ({ provider_ids, reason: "More choice" })),
    },
    [`POST ${base}:uuid/offers/:offer/withdraw/`]: {
      group: "marketplace",
      params: (ctx) => ({ uuid: known(ctx), offer: ctx.offers }),
      body: WithdrawOfferBody,
    },
  } satisfies Record<string, FuzzSpec>
}

/** A record's internal notes: the thread, and adding one (with or without a mention). */
const noteRoutes = (base: string, known: (ctx: FuzzContext) => readonly string[]) =>
  ({
    [`GET ${base}:uuid/notes/`]: { group: "marketplace", params: (ctx) => ({ uuid: known(ctx) }) },
    [`POST ${base}:uuid/notes/`]: {
      group: "marketplace",
      params: (ctx) => ({ uuid: known(ctx) }),
      body: NoteCreate,
      validBody: () =>
        fc.constantFrom({ body: "Checked with @coordinator" }, { body: "@nobody here" }, { body: "ok" }),
    },
  }) satisfies Record<string, FuzzSpec>

const N = "/api/v1/notifications/"

export const FUZZ_SPECS: Readonly<Record<string, FuzzSpec>> = {
  "POST /api/company/login/": { group: "account", body: LoginRequest, validBody: demoLogin },
  "POST /api/company/logout/": { group: "account", refreshCookie: true },
  "POST /api/company/token/refresh/": { group: "account", refreshCookie: true },
  "GET /api/company/user/": { group: "account" },
  "PATCH /api/company/user/": { group: "account", body: ProfilePatch },
  "GET /api/company/sign-in-notice/": { group: "account" },
  "GET /api/company/invitations/:token/": { group: "account", params: () => ({ token: ["A".repeat(59)] }) },
  "POST /api/company/invitations/:token/accept/": {
    group: "account",
    params: () => ({ token: ["A".repeat(59)] }),
    body: AcceptInvitationBody,
  },
  "POST /api/company/password-reset/": { group: "account", body: ResetRequestBody },
  "GET /api/company/password-reset/:token/": {
    group: "account",
    params: () => ({ token: ["A".repeat(59)] }),
  },
  "POST /api/company/password-reset/:token/": {
    group: "account",
    params: () => ({ token: ["A".repeat(59)] }),
    body: ResetPasswordBody,
  },

  ...requestRoutes("/api/v1/work-requests/", (ctx) => ctx.workRequests),
  ...requestRoutes("/api/v1/maintenance-requests/", (ctx) => ctx.maintenanceRequests),
  "GET /api/v1/company-applications/": { group: "marketplace", query: ApplicationListQuery },
  "GET /api/v1/company-applications/:uuid/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.applications }),
  },
  "POST /api/v1/company-applications/:uuid/accept/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.applications }),
    body: AcceptBody,
  },
  "POST /api/v1/company-applications/:uuid/request-information/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.applications }),
    body: RequestInformationBody,
  },
  "POST /api/v1/company-applications/:uuid/reject/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.applications }),
    body: RejectBody,
  },
  "POST /api/v1/company-applications/:uuid/reopen/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.applications }),
    body: ReopenBody,
  },
  "POST /api/v1/company-applications/:uuid/assign/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.applications }),
  },
  "POST /api/v1/company-applications/:uuid/unassign/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.applications }),
  },
  "GET /api/v1/providers/": { group: "marketplace", query: ProviderListQuery },
  "GET /api/v1/dashboard/summary/": { group: "marketplace" },
  "GET /api/v1/search/": { group: "marketplace", query: SearchQuery },
  "POST /api/v1/exports/": { group: "marketplace", body: ExportRequest },
  "GET /api/v1/exports/download/": { group: "marketplace", query: ExportDownloadQuery },
  "GET /api/v1/reports/": { group: "marketplace", query: ReportQuery },
  "GET /api/v1/dashboard/plan/": { group: "marketplace" },
  "GET /api/v1/saved-views/": { group: "marketplace", query: SavedViewQuery },
  "POST /api/v1/saved-views/": { group: "marketplace", body: SavedViewCreate },
  "PATCH /api/v1/saved-views/:uuid/": {
    group: "marketplace",
    params: () => ({ uuid: ["00000000-0000-4000-8000-000000000000"] }),
    body: SavedViewRename,
  },
  "POST /api/v1/saved-views/:uuid/delete/": {
    group: "marketplace",
    params: () => ({ uuid: ["00000000-0000-4000-8000-000000000000"] }),
  },
  "GET /api/v1/saved-views/shared/": { group: "marketplace" },
  "POST /api/v1/intake/company-applications/": { group: "marketplace", body: CompanyApplicationIntake },
  "POST /api/v1/intake/work-requests/": { group: "marketplace", body: WorkRequestIntake },
  "POST /api/v1/intake/maintenance-requests/": { group: "marketplace", body: MaintenanceRequestIntake },
  "GET /api/v1/intake/offers/": { group: "marketplace", query: OfferListQuery },
  "POST /api/v1/intake/offers/:uuid/accept/": { group: "marketplace", params: (c) => ({ uuid: c.offers }) },
  "POST /api/v1/intake/offers/:uuid/decline/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.offers }),
    body: DeclineOfferBody,
  },
  // Uploads are multipart: this fuzzer's JSON bodies meet the 415; documents/fuzz-uploads.test.ts sends
  // generated multipart bodies.
  "POST /api/v1/intake/company-applications/:uuid/documents/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.applications }),
  },
  "POST /api/v1/intake/work-requests/:uuid/photos/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.workRequests }),
  },
  "POST /api/v1/intake/maintenance-requests/:uuid/photos/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.maintenanceRequests }),
  },
  "GET /api/v1/records/:uuid/documents/": {
    group: "marketplace",
    params: (c) => ({ uuid: [...c.applications, ...c.workRequests] }),
  },
  "GET /api/v1/records/:uuid/documents/:id/": {
    group: "marketplace",
    params: (c) => ({ uuid: c.applications }),
    query: FileQuery,
  },

  [`GET ${N}`]: { group: "notifications", query: NotificationListQuery },
  [`POST ${N}`]: {
    group: "notifications",
    body: AdminSendBody,
    validBody: (ctx) =>
      fc.record({
        recipient_email: fc.constantFrom(...Object.values(ctx.users).map((u) => u.email)),
        title: fc.string({ minLength: 1, maxLength: 30 }).map((s) => `T ${s}`),
        message: fc.string({ minLength: 1, maxLength: 60 }).map((s) => `M ${s}`),
        action_url: fc.oneof(
          fc.constant(null),
          fc.webPath(),
          fc.constantFrom("/dashboard", "//evil.example"),
        ),
      }),
  },
  [`GET ${N}unread-count/`]: { group: "notifications", query: ChannelQuery },
  [`POST ${N}mark-read/`]: {
    group: "notifications",
    body: MarkReadBody,
    validBody: (ctx) => fc.constantFrom(...ctx.notifications).map((id) => ({ notification_id: Number(id) })),
  },
  [`POST ${N}mark-all-read/`]: { group: "notifications", query: ChannelQuery },
  [`GET ${N}preferences/`]: { group: "notifications" },
  [`POST ${N}preferences/update_push_token/`]: { group: "notifications", body: UpdatePushTokenBody },
  [`PUT ${N}preferences/:id/`]: {
    group: "notifications",
    params: (c) => ({ id: c.preferences }),
    body: PreferencesUpdate,
  },
  [`POST ${N}device-tokens/register/`]: { group: "notifications", body: DeviceTokenRegisterBody },
  [`POST ${N}device-tokens/unregister/`]: { group: "notifications", body: DeviceTokenUnregisterBody },
  [`GET ${N}:id/`]: { group: "notifications", params: (c) => ({ id: c.notifications }) },
  [`POST ${N}:id/mark-read/`]: { group: "notifications", params: (c) => ({ id: c.notifications }) },
  [`POST ${N}:id/mark-unread/`]: { group: "notifications", params: (c) => ({ id: c.notifications }) },
  [`POST ${N}:id/archive/`]: { group: "notifications", params: (c) => ({ id: c.notifications }) },
  [`POST ${N}:id/unarchive/`]: { group: "notifications", params: (c) => ({ id: c.notifications }) },

  "GET /ws/notifications/": { group: "socket" },

  // The API's own documentation: public, read-only.
  "GET /api/company/staff/": { group: "account", query: StaffQuery },
  "POST /api/company/staff/invitations/": { group: "account", body: InviteBody },
  "POST /api/company/staff/:id/invitation/resend/": {
    group: "account",
    params: (c) => ({ id: Object.values(c.users).map((u) => String(u.id)) }),
    body: VersionBody,
  },
  "POST /api/company/staff/:id/invitation/revoke/": {
    group: "account",
    params: (c) => ({ id: Object.values(c.users).map((u) => String(u.id)) }),
    body: VersionBody,
  },
  // Only the viewer's account: a fuzzed change must never deactivate or demote the admin the suite signs in as.
  "PATCH /api/company/staff/:id/": {
    group: "account",
    params: (c) => ({ id: [String(c.users.viewer.id)] }),
    body: StaffPatch,
  },
  "POST /api/company/staff/:id/password-reset/": {
    group: "account",
    params: (c) => ({ id: Object.values(c.users).map((u) => String(u.id)) }),
  },
  "GET /api/company/staff/:id/history/": {
    group: "account",
    params: (c) => ({ id: Object.values(c.users).map((u) => String(u.id)) }),
  },
  "GET /api/company/account/sessions/": { group: "account" },
  "GET /api/company/account/sign-ins/": { group: "account" },
  "POST /api/company/account/sessions/sign-out-others/": { group: "account" },
  // Another account's session among the known ids: it must be a 404 like one that does not exist.
  "POST /api/company/account/sessions/:id/sign-out/": {
    group: "account",
    params: (c) => ({ id: c.sessions }),
  },
  // Never the right current password: a fuzzed change must not lock the suite's demo users out.
  "POST /api/company/account/password/": { group: "account", body: ChangePasswordBody },
  ...SECOND_FACTOR_FUZZ,
  "GET /api/openapi.json": { group: "account" },
  "GET /api/docs/": { group: "account" },
  "GET /api/docs/scalar.js": { group: "account" },
  "GET /api/docs/boot.js": { group: "account" },
  ...noteRoutes("/api/v1/company-applications/", (c) => c.applications),
  ...noteRoutes("/api/v1/work-requests/", (c) => c.workRequests),
  ...noteRoutes("/api/v1/maintenance-requests/", (c) => c.maintenanceRequests),
}
