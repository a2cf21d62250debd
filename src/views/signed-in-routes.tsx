import type { ComponentType } from "react"
import { Redirect, Route, Switch } from "wouter"
import { Bell } from "./bell/Bell"
import { useReconnections } from "./bell/notification-hooks"
import { AppLayout } from "./layout/AppLayout"
import { NOT_IN_RELEASE, PlaceholderPage } from "./pages/PlaceholderPage"
import { usePreloadWhenIdle } from "./preload-hooks"
import { RequireRoles } from "./route-guards"
import { SessionGate } from "./SessionGate"
import { lazyPage } from "./shared/lazy-page"
import { RetrySignal } from "./shared/retry-signal"

/** Choosing providers changes a request, so only the categories that may write reach it. */
const REVIEWER_ROLES = ["admin", "website_coordinator"] as const

const placeholder = (title: string, message: string): ComponentType =>
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module load, never per render
  function Placeholder() {
    return <PlaceholderPage title={title} message={message} />
  }
const notInRelease = (title: string) => placeholder(title, NOT_IN_RELEASE)
const forReviewers = (Page: ComponentType): ComponentType =>
  function ReviewerOnly() {
    return (
      <RequireRoles roles={REVIEWER_ROLES}>
        <Page />
      </RequireRoles>
    )
  }

const wc = "/website-coordinator"

// The marketplace pages share three chunks (lists, details, provider choice); each route picks its export.
type ListModule = typeof import("./marketplace/list-pages")
type DetailModule = typeof import("./marketplace/DetailPage")
type SelectModule = typeof import("./marketplace/SelectProvidersPage")
const listPage = (pick: (m: ListModule) => ComponentType) =>
  lazyPage<object>(async () => ({ default: pick(await import("./marketplace/list-pages")) }))
const detailPage = (pick: (m: DetailModule) => ComponentType) =>
  lazyPage<object>(async () => ({ default: pick(await import("./marketplace/DetailPage")) }))
const selectPage = (pick: (m: SelectModule) => ComponentType) =>
  lazyPage<object>(async () => ({ default: pick(await import("./marketplace/SelectProvidersPage")) }))

/** Every page behind sign-in, each its own chunk loaded on demand (docs/behaviour.md#routes). */
const protectedPages: ReadonlyArray<readonly [string, ComponentType]> = [
  ["/dashboard", lazyPage(() => import("./pages/DashboardPage"))],
  ["/notifications", lazyPage(() => import("./notifications/NotificationsPage"))],
  ["/notifications/:id", lazyPage(() => import("./notifications/NotificationDetailPage"))],
  [`${wc}/pending-requests`, listPage((m) => m.WorkPendingPage)],
  [`${wc}/approved-requests`, listPage((m) => m.WorkApprovedPage)],
  [`${wc}/rejected-requests`, listPage((m) => m.WorkRejectedPage)],
  [`${wc}/maintenance/pending`, listPage((m) => m.MaintenancePendingPage)],
  [`${wc}/maintenance/approved`, listPage((m) => m.MaintenanceApprovedPage)],
  [`${wc}/maintenance/rejected`, listPage((m) => m.MaintenanceRejectedPage)],
  [`${wc}/company-verification/pending`, listPage((m) => m.ApplicationsPendingPage)],
  [`${wc}/company-verification/accepted`, listPage((m) => m.ApplicationsAcceptedPage)],
  [`${wc}/company-verification/rejected`, listPage((m) => m.ApplicationsRejectedPage)],
  [`${wc}/company-verification/applications/:uuid`, detailPage((m) => m.ApplicationDetailPage)],
  ["/work-request-details/:uuid", detailPage((m) => m.WorkDetailPage)],
  ["/maintenance-request-details/:uuid", detailPage((m) => m.MaintenanceDetailPage)],
  ["/work-requests/:uuid/select-providers", forReviewers(selectPage((m) => m.WorkSelectProvidersPage))],
  [
    "/maintenance-requests/:uuid/select-providers",
    forReviewers(selectPage((m) => m.MaintenanceSelectProvidersPage)),
  ],
  ["/profile", lazyPage(() => import("./pages/ProfilePage"))],
  ["/theme", lazyPage(() => import("./pages/ThemePage"))],
  ["/help", lazyPage(() => import("./pages/HelpPage"))],
  ["/settings", lazyPage(() => import("./settings/SettingsPage"))],
  ["/billing", notInRelease("Billing")],
  ["/receipts", notInRelease("Receipts")],
  ["/snacks", notInRelease("Snacks")],
  ["/user-settings", notInRelease("User settings")],
]

/**
 * Starts fetching the chunk of the page at this path (a fixed path only), so that a reload of a signed-in page
 * has it by the time the session is restored instead of asking for it then.
 */
export function preloadPageFor(pathname: string): void {
  for (const [path, Page] of protectedPages)
    if (path === pathname && "preload" in Page && typeof Page.preload === "function") Page.preload()
}

/** Every signed-in page's code, fetched ahead (each only once; a failure is left to that page's own render). */
function preloadAllPages(): void {
  for (const [, Page] of protectedPages)
    if ("preload" in Page && typeof Page.preload === "function") Page.preload()
}

/** The signed-in app: the layout and every page behind sign-in. */
export default function SignedInRoutes() {
  return (
    <SessionGate>
      <SignedInLayout />
    </SessionGate>
  )
}

function SignedInLayout() {
  usePreloadWhenIdle(preloadAllPages)
  const reconnections = useReconnections()
  return (
    <AppLayout bell={<Bell />}>
      <RetrySignal.Provider value={reconnections}>
        <Switch>
          {protectedPages.map(([path, Page]) => (
            <Route key={path} path={path} component={Page} />
          ))}
          <Route path={`${wc}/company-verification`}>
            <Redirect to={`${wc}/company-verification/pending`} replace />
          </Route>
          <Route>
            <Redirect to="/dashboard" replace />
          </Route>
        </Switch>
      </RetrySignal.Provider>
    </AppLayout>
  )
}
