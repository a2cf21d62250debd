import { type ComponentType, useEffect } from "react"
import { Redirect, Route, Switch } from "wouter"
import { ROUTES } from "../../schema/system/app-routes"
import { SignInFlowsGate } from "../accounts/SignInFlowsGate"
import { UnauthorizedPage } from "../auth/UnauthorizedPage"
import { lazyPage } from "../shared/lazy-page"
import { RequireAuth } from "./route-guards"

// The layout, the bell and every signed-in page load after sign-in, keeping the sign-in bundle small.
const SignedInRoutes = lazyPage(() => import("./signed-in-routes"))
// The sign-in form is a chunk of its own, so that a signed-in start does not load it: without a session,
// index.html's early script preloads it beside the entry (src/schema/auth/early-refresh-script.ts).
const LoginPage = lazyPage(async () => ({ default: (await import("../auth/LoginPage")).LoginPage }))

/**
 * A public account page: its code and its machine (the sign-in flows' chunk) each load on demand, side by side;
 * the page shows once both have arrived, and either failing says so with a retry.
 */
const publicPage = (Page: ComponentType & { readonly preload: () => Promise<unknown> }): ComponentType =>
  function PublicPage() {
    useEffect(() => void Page.preload(), [])
    return (
      <SignInFlowsGate>
        <Page />
      </SignInFlowsGate>
    )
  }
const InvitePage = publicPage(lazyPage(() => import("../accounts/InvitePage")))
const ForgotPasswordPage = publicPage(lazyPage(() => import("../accounts/ForgotPasswordPage")))
const ResetPasswordPage = publicPage(lazyPage(() => import("../accounts/ResetPasswordPage")))

/**
 * A reload or a shared link to a signed-in page fetches the signed-in part and that page's chunk while the
 * session is being restored, rather than after.
 */
export function preloadSignedInPage(pathname: string): void {
  void SignedInRoutes.preload().then((routes) => routes?.preloadPageFor(pathname))
}

/** The sign-in form, fetched at start on its own path (the early script preloads it only without a session). */
export function preloadSignInPage(): void {
  void LoginPage.preload()
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path={ROUTES.login} component={LoginPage} />
      <Route path={ROUTES.unauthorized} component={UnauthorizedPage} />
      <Route path={ROUTES.invite} component={InvitePage} />
      <Route path={ROUTES.forgotPassword} component={ForgotPasswordPage} />
      <Route path={ROUTES.resetPassword} component={ResetPasswordPage} />
      <Route path={ROUTES.home}>
        <Redirect to={ROUTES.dashboard} replace />
      </Route>
      <Route>
        <RequireAuth>
          <SignedInRoutes />
        </RequireAuth>
      </Route>
    </Switch>
  )
}
