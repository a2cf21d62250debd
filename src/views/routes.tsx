import type { ComponentType } from "react"
import { Redirect, Route, Switch } from "wouter"
import { AppLayout } from "./layout/AppLayout"
import { LoginPage } from "./pages/LoginPage"
import { NOT_BUILT_YET, NOT_IN_RELEASE, PlaceholderPage } from "./pages/PlaceholderPage"
import { UnauthorizedPage } from "./pages/UnauthorizedPage"
import { RequireAuth, RequireRoles } from "./route-guards"
import { lazyPage } from "./shared/lazy-page"

/** Choosing providers changes a request, so only the categories that may write reach it. */
const REVIEWER_ROLES = ["admin", "website_coordinator"] as const

const placeholder = (title: string, message: string): ComponentType =>
  function Placeholder() {
    return <PlaceholderPage title={title} message={message} />
  }
const later = (title: string) => placeholder(title, NOT_BUILT_YET)
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

/** Every page behind sign-in, each its own chunk loaded on demand (SPEC §2 routes). */
const protectedPages: ReadonlyArray<readonly [string, ComponentType]> = [
  ["/dashboard", lazyPage(() => import("./pages/DashboardPage"))],
  ["/notifications", later("Notifications")],
  ["/notifications/:id", later("Notification")],
  [`${wc}/pending-requests`, later("Pending work requests")],
  [`${wc}/approved-requests`, later("Approved work requests")],
  [`${wc}/rejected-requests`, later("Rejected work requests")],
  [`${wc}/maintenance/pending`, later("Pending maintenance requests")],
  [`${wc}/maintenance/approved`, later("Approved maintenance requests")],
  [`${wc}/maintenance/rejected`, later("Rejected maintenance requests")],
  [`${wc}/company-verification/pending`, later("Pending applications")],
  [`${wc}/company-verification/accepted`, later("Accepted applications")],
  [`${wc}/company-verification/rejected`, later("Rejected applications")],
  [`${wc}/company-verification/applications/:uuid`, later("Company application")],
  ["/work-request-details/:uuid", later("Work request")],
  ["/maintenance-request-details/:uuid", later("Maintenance request")],
  ["/work-requests/:uuid/select-providers", forReviewers(later("Select providers"))],
  ["/maintenance-requests/:uuid/select-providers", forReviewers(later("Select providers"))],
  ["/profile", lazyPage(() => import("./pages/ProfilePage"))],
  ["/theme", lazyPage(() => import("./pages/ThemePage"))],
  ["/help", lazyPage(() => import("./pages/HelpPage"))],
  ["/settings", notInRelease("Settings")],
  ["/billing", notInRelease("Billing")],
  ["/receipts", notInRelease("Receipts")],
  ["/snacks", notInRelease("Snacks")],
  ["/user-settings", notInRelease("User settings")],
]

function ProtectedRoutes() {
  return (
    <RequireAuth>
      <AppLayout>
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
      </AppLayout>
    </RequireAuth>
  )
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login" component={LoginPage} />
      <Route path="/unauthorized" component={UnauthorizedPage} />
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route>
        <ProtectedRoutes />
      </Route>
    </Switch>
  )
}
