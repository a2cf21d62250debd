import type { ApplicationStatus, RecordKind, RequestKind, RequestStatus } from "../marketplace/marketplace"

// Every path of the app, in one table: the router matches the patterns, and every link, redirect and the
// server's notification action URLs are built from them, so a path changes in one place. Whether a given URL
// is safe to navigate to is another question, answered by ./app-path.ts.

/** The three kinds of record with lists and detail pages: the two request kinds and company applications. */
export type RecordSource = RequestKind | "application"
export type ListStatus<S extends RecordSource> = S extends "application" ? ApplicationStatus : RequestStatus

const WC = "/website-coordinator"

/** Every route the router knows, as it matches them (`:name` is a parameter). */
export const ROUTES = {
  home: "/",
  login: "/login",
  unauthorized: "/unauthorized",
  dashboard: "/dashboard",
  notifications: "/notifications",
  notification: "/notifications/:id",
  lists: {
    work: {
      pending: `${WC}/pending-requests`,
      approved: `${WC}/approved-requests`,
      rejected: `${WC}/rejected-requests`,
    },
    maintenance: {
      pending: `${WC}/maintenance/pending`,
      approved: `${WC}/maintenance/approved`,
      rejected: `${WC}/maintenance/rejected`,
    },
    application: {
      pending: `${WC}/company-verification/pending`,
      accepted: `${WC}/company-verification/accepted`,
      rejected: `${WC}/company-verification/rejected`,
    },
  },
  /** Approved requests no provider has accepted yet, longest approved first (docs/behaviour.md#offers). */
  awaitingProviders: {
    work: `${WC}/awaiting-providers`,
    maintenance: `${WC}/maintenance/awaiting-providers`,
  },
  /** Redirects to the pending applications. */
  companyVerification: `${WC}/company-verification`,
  details: {
    work: "/work-request-details/:uuid",
    maintenance: "/maintenance-request-details/:uuid",
    application: `${WC}/company-verification/applications/:uuid`,
  },
  selectProviders: {
    work: "/work-requests/:uuid/select-providers",
    maintenance: "/maintenance-requests/:uuid/select-providers",
  },
  profile: "/profile",
  settings: "/settings",
  theme: "/theme",
  help: "/help",
  reports: "/reports",
  billing: "/billing",
  receipts: "/receipts",
  snacks: "/snacks",
  userSettings: "/user-settings",
  /** The team's accounts, for those who manage them. */
  staff: "/staff",
  /** An invitation link: public, the token is the whole proof. */
  invite: "/invite/:token",
  /** "Forgot password?" from the sign-in page: public. */
  forgotPassword: "/forgot-password",
  /** A password-reset link: public, the token is the whole proof. */
  resetPassword: "/reset-password/:token",
} as const satisfies {
  readonly [name: string]: unknown
  readonly lists: { readonly [S in RecordSource]: Readonly<Record<ListStatus<S>, string>> }
  readonly details: Readonly<Record<RecordSource, string>>
  readonly selectProviders: Readonly<Record<RequestKind, string>>
  readonly awaitingProviders: Readonly<Record<RequestKind, string>>
}

/** Pages anyone may open; every other path is behind sign-in. */
export const PUBLIC_ROUTES: ReadonlyArray<string> = [ROUTES.login, ROUTES.unauthorized, ROUTES.forgotPassword]

/** Whether a path is a page anyone may open: one of PUBLIC_ROUTES, an invitation or a password-reset link. */
export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_ROUTES.includes(pathname) ||
  /^\/invite\/[^/]+$/.test(pathname) ||
  /^\/reset-password\/[^/]+$/.test(pathname)

/** The names of a pattern's parameters: "/a/:uuid/b" → "uuid". */
export type RouteParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** A pattern with its parameters filled in, each percent-encoded so that a value can never add a segment. */
export function fillRoute<P extends string>(
  pattern: P,
  params: Readonly<Record<RouteParams<P>, string>>,
): string {
  const values: Readonly<Record<string, string>> = params
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ""))
}

const SOURCE_OF_RECORD: Readonly<Record<RecordKind, RecordSource>> = {
  work_request: "work",
  maintenance_request: "maintenance",
  company_application: "application",
}

/** The list a record of this status is in; a status its kind has no list for gives the pending list. */
function listPath(source: RecordSource, status: string): string {
  const lists: Readonly<Record<string, string>> = ROUTES.lists[source]
  return (Object.hasOwn(lists, status) ? lists[status] : undefined) ?? ROUTES.lists[source].pending
}

/** Paths to link, redirect or point a notification to. */
export const linkTo = {
  home: ROUTES.home,
  dashboard: ROUTES.dashboard,
  unauthorized: ROUTES.unauthorized,
  forgotPassword: ROUTES.forgotPassword,
  notifications: ROUTES.notifications,
  profile: ROUTES.profile,
  settings: ROUTES.settings,
  /** Your own account: password, sessions, sign-ins (where account notifications lead). */
  userSettings: ROUTES.userSettings,
  /** The sign-in page; with `next`, the page to return to after sign-in. */
  login: (next?: string): string =>
    next === undefined ? ROUTES.login : `${ROUTES.login}?next=${encodeURIComponent(next)}`,
  notification: (id: number | string): string => fillRoute(ROUTES.notification, { id: String(id) }),
  list: listPath,
  details: (source: RecordSource, uuid: string): string => fillRoute(ROUTES.details[source], { uuid }),
  /** A record named as the audit trail names it (work_request, maintenance_request, company_application). */
  record: (kind: RecordKind, uuid: string): string =>
    fillRoute(ROUTES.details[SOURCE_OF_RECORD[kind]], { uuid }),
  selectProviders: (kind: RequestKind, uuid: string): string =>
    fillRoute(ROUTES.selectProviders[kind], { uuid }),
  awaitingProviders: (kind: RequestKind): string => ROUTES.awaitingProviders[kind],
} as const
