import type { ReactNode } from "react"
import { Redirect, useLocation, useSearch } from "wouter"
import { hasAnyRole } from "../../schema/auth/permissions"
import { linkTo } from "../../schema/system/app-routes"
import { LoadingScreen } from "../shared/Spinner"
import { useAuth } from "./app-context"

/** Routes behind sign-in: while the session loads a spinner; signed out, /login remembering the origin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAuth((ctx) => ctx.status)
  const [location] = useLocation()
  const search = useSearch()
  if (status === "LOADING") return <LoadingScreen />
  if (status !== "AUTHENTICATED") {
    const origin = `${location}${search ? `?${search}` : ""}`
    return <Redirect to={linkTo.login(origin)} replace />
  }
  return <>{children}</>
}

/** A route needing one of the given roles; lacking them leads to /unauthorized (docs/behaviour.md#roles). */
export function RequireRoles({ roles, children }: { roles: ReadonlyArray<string>; children: ReactNode }) {
  const user = useAuth((ctx) => ctx.user)
  const profileLoaded = useAuth((ctx) => ctx.profileLoaded)
  // After a reload the session is restored before the profile arrives: no roles yet is not "lacking them".
  if (!user && !profileLoaded) return <LoadingScreen />
  if (!hasAnyRole(user, roles)) return <Redirect to={linkTo.unauthorized} replace />
  return <>{children}</>
}
