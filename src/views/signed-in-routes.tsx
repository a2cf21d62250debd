import type { ComponentType } from "react"
import { Redirect, Route, Switch } from "wouter"
import { ROUTES } from "../schema/app-routes"
import { categoriesFor } from "../schema/permissions"
import { Bell } from "./bell/Bell"
import { useReconnections } from "./bell/notification-hooks"
import { AppLayout } from "./layout/AppLayout"
import { NOT_IN_RELEASE, PlaceholderPage } from "./pages/PlaceholderPage"
import { usePreloadWhenIdle } from "./preload-hooks"
import { RequireRoles } from "./route-guards"
import { SessionGate } from "./SessionGate"
import { lazyPage } from "./shared/lazy-page"
import { RetrySignal } from "./shared/retry-signal"

/** Choosing providers changes a request, so only the categories that may do it reach the page. */
const CHOOSER_ROLES = categoriesFor("record.selectProviders")

const placeholder = (title: string, message: string): ComponentType =>
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module load, never per render
  function Placeholder() {
    return <PlaceholderPage title={title} message={message} />
  }
const notInRelease = (title: string) => placeholder(title, NOT_IN_RELEASE)
const forChoosers = (Page: ComponentType): ComponentType =>
  function ChooserOnly() {
    return (
      <RequireRoles roles={CHOOSER_ROLES}>
        <Page />
      </RequireRoles>
    )
  }

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
  [ROUTES.dashboard, lazyPage(() => import("./pages/DashboardPage"))],
  [ROUTES.notifications, lazyPage(() => import("./notifications/NotificationsPage"))],
  [ROUTES.notification, lazyPage(() => import("./notifications/NotificationDetailPage"))],
  [ROUTES.lists.work.pending, listPage((m) => m.WorkPendingPage)],
  [ROUTES.lists.work.approved, listPage((m) => m.WorkApprovedPage)],
  [ROUTES.lists.work.rejected, listPage((m) => m.WorkRejectedPage)],
  [ROUTES.lists.maintenance.pending, listPage((m) => m.MaintenancePendingPage)],
  [ROUTES.lists.maintenance.approved, listPage((m) => m.MaintenanceApprovedPage)],
  [ROUTES.lists.maintenance.rejected, listPage((m) => m.MaintenanceRejectedPage)],
  [ROUTES.lists.application.pending, listPage((m) => m.ApplicationsPendingPage)],
  [ROUTES.lists.application.accepted, listPage((m) => m.ApplicationsAcceptedPage)],
  [ROUTES.lists.application.rejected, listPage((m) => m.ApplicationsRejectedPage)],
  [ROUTES.details.application, detailPage((m) => m.ApplicationDetailPage)],
  [ROUTES.details.work, detailPage((m) => m.WorkDetailPage)],
  [ROUTES.details.maintenance, detailPage((m) => m.MaintenanceDetailPage)],
  [ROUTES.selectProviders.work, forChoosers(selectPage((m) => m.WorkSelectProvidersPage))],
  [ROUTES.selectProviders.maintenance, forChoosers(selectPage((m) => m.MaintenanceSelectProvidersPage))],
  [ROUTES.profile, lazyPage(() => import("./pages/ProfilePage"))],
  [ROUTES.theme, lazyPage(() => import("./pages/ThemePage"))],
  [ROUTES.help, lazyPage(() => import("./pages/HelpPage"))],
  [ROUTES.settings, lazyPage(() => import("./settings/SettingsPage"))],
  [ROUTES.billing, notInRelease("Billing")],
  [ROUTES.receipts, notInRelease("Receipts")],
  [ROUTES.snacks, notInRelease("Snacks")],
  [ROUTES.userSettings, notInRelease("User settings")],
]

/** The patterns the signed-in router matches, besides the redirects. */
export const signedInRoutePatterns: ReadonlyArray<string> = protectedPages.map(([path]) => path)

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
          <Route path={ROUTES.companyVerification}>
            <Redirect to={ROUTES.lists.application.pending} replace />
          </Route>
          <Route>
            <Redirect to={ROUTES.dashboard} replace />
          </Route>
        </Switch>
      </RetrySignal.Provider>
    </AppLayout>
  )
}
