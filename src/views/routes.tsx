import { Redirect, Route, Switch } from "wouter"
import { LoginPage } from "./pages/LoginPage"
import { UnauthorizedPage } from "./pages/UnauthorizedPage"
import { RequireAuth } from "./route-guards"
import { lazyPage } from "./shared/lazy-page"

// The layout, the bell and every signed-in page load after sign-in, keeping the sign-in bundle small.
const SignedInRoutes = lazyPage(() => import("./signed-in-routes"))

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login" component={LoginPage} />
      <Route path="/unauthorized" component={UnauthorizedPage} />
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route>
        <RequireAuth>
          <SignedInRoutes />
        </RequireAuth>
      </Route>
    </Switch>
  )
}
