import type { User } from "../../schema/auth/auth"
import type { SignInHow, SignOutHow } from "../system/facts"

// The auth actor's vocabulary: its context, the events it accepts, and how a session began and ended, as the
// facts it publishes name them. The machine itself (./auth.machine.ts) decides with these.

export type AuthStatus = "LOADING" | "AUTHENTICATED" | "UNAUTHENTICATED" | "ERROR"

/** Exactly the client auth state (docs/behaviour.md#auth-status), nothing more. */
export interface AuthContext {
  user: User | null
  accessToken: string | null
  status: AuthStatus
  error: string | null
  isAuthenticated: boolean
  profileLoaded: boolean
}

export type AuthEvent =
  | { type: "auth.login"; email: string; password: string }
  | { type: "auth.logout" }
  | { type: "auth.forceLogout"; error: string }
  | { type: "auth.setAccessToken"; token: string }
  | { type: "auth.setUser"; user: User }
  | { type: "auth.updateUser"; patch: Partial<User> }
  | { type: "auth.setError"; error: string }
  | { type: "auth.clearError" }
  /** Another tab of this browser signed in (bus: tabs.signedInElsewhere): this tab takes that session. */
  | { type: "auth.adoptSession"; token: string; userId: number | null }
  /** Another tab signed out, or the server closed this session: sign out here too, without calling the server. */
  | { type: "auth.signedOutElsewhere" }

export const LOGIN_FAILED = "Login failed"

/** How the session began, from the event that entered AUTHENTICATED. */
export const signInHow = (eventType: string): SignInHow =>
  eventType === "xstate.done.actor.login"
    ? "login"
    : eventType === "auth.adoptSession"
      ? "adopted"
      : "restored"

/** How it ended, from the event that left it. */
export const signOutHow = (eventType: string): SignOutHow => {
  switch (eventType) {
    case "auth.logout":
      return "logout"
    case "auth.forceLogout":
      return "expired"
    case "auth.signedOutElsewhere":
      return "elsewhere"
    default:
      return "error"
  }
}

export const initial: AuthContext = {
  user: null,
  accessToken: null,
  status: "LOADING",
  error: null,
  isAuthenticated: false,
  profileLoaded: false,
}
