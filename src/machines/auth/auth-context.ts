import type { LoginResponse, User } from "../../schema/auth/auth"
import type { SignInHow, SignOutHow } from "../system/facts"

// The auth actor's vocabulary: its context, the events it accepts, and how a session began and ended, as the
// facts it publishes name them. The machine itself (./auth.machine.ts) decides with these.

export type AuthStatus = "LOADING" | "AUTHENTICATED" | "UNAUTHENTICATED" | "ERROR"

export type SecondFactorMethod = "totp" | "recovery" | "passkey"

/** What the server asks for after a right password, instead of a session (its wire shape). */
export type SignInChallenge =
  | {
      readonly kind: "second_factor"
      readonly token: string
      readonly methods: ReadonlyArray<SecondFactorMethod>
      readonly expires_in: number
    }
  | { readonly kind: "setup_required"; readonly token: string; readonly expires_in: number }

/** A sign-in's answer: a session, or a challenge to meet first. */
export type LoginOutcome = LoginResponse | { readonly challenge: SignInChallenge }

/** An authenticator app being set up during a sign-in: the key to type and its QR code. */
export interface TotpEnrolment {
  readonly secret: string
  readonly otpauth_url: string
  readonly qr_svg: string
}

/** The session a set-up at sign-in earned, held back until its recovery codes have been seen. */
export interface SetUpSession {
  readonly session: LoginResponse
  readonly recoveryCodes: ReadonlyArray<string>
}

/** A second factor typed at sign-in: a code from the app or a recovery code. */
export interface TypedFactor {
  readonly method: "totp" | "recovery"
  readonly code: string
  readonly trustBrowser: boolean
}

/** Exactly the client auth state (docs/behaviour.md#auth-status), and the sign-in still under way. */
export interface AuthContext {
  user: User | null
  accessToken: string | null
  status: AuthStatus
  error: string | null
  isAuthenticated: boolean
  profileLoaded: boolean
  /** Signed out only: the second step a right password led to, until it is met, abandoned or expires. */
  challenge: SignInChallenge | null
  /** Signed out only, while a factor is set up at sign-in. */
  enrolment: TotpEnrolment | null
  setUp: SetUpSession | null
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
  /** Sign in with a passkey alone (the browser's own dialog), or the browser's autofill offered one. */
  | { type: "auth.passkeySignIn" }
  | { type: "auth.passkeyAutofill" }
  /** The second step of a sign-in: a typed code, or a passkey. */
  | ({ type: "auth.submitFactor" } & TypedFactor)
  | { type: "auth.usePasskeyFactor"; trustBrowser: boolean }
  /** Setting up an authenticator app at sign-in: its first code; then, the recovery codes seen, go on. */
  | { type: "auth.confirmSetup"; code: string }
  /** Or a passkey instead of the app, under the name its owner gives it: it completes the sign-in. */
  | { type: "auth.setupPasskey"; name: string }
  | { type: "auth.retrySetup" }
  | { type: "auth.continue" }
  /** Back to the password form: the challenge is dropped. */
  | { type: "auth.cancelChallenge" }

export const LOGIN_FAILED = "Login failed"
export const FACTOR_FAILED = "That could not be checked. Please try again."
export const PASSKEY_FAILED = "The passkey sign-in did not complete. Please try again."
export const SETUP_START_FAILED = "The authenticator app could not be set up. Please try again."
export const PASSKEY_SETUP_FAILED = "The passkey could not be added. Please try again."
export const CHALLENGE_EXPIRED = "The sign-in took too long. Please enter your password again."

/** How the session began, from the event that entered AUTHENTICATED. */
export const signInHow = (eventType: string): SignInHow =>
  eventType === "xstate.done.actor.login" ||
  eventType.startsWith("xstate.done.actor.verify") ||
  eventType === "xstate.done.actor.passkeySignIn" ||
  eventType === "xstate.done.actor.passkeyAutofill" ||
  eventType === "xstate.done.actor.setupPasskey" ||
  eventType === "auth.continue"
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
  challenge: null,
  enrolment: null,
  setUp: null,
}
