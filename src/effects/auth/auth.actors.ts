import { fromPromise } from "xstate"
import { authMachine } from "../../machines/auth/auth.machine"
import type { LoginOutcome, SetUpSession, TotpEnrolment, TypedFactor } from "../../machines/auth/auth-context"
import type { LoginResponse, RefreshResponse, User } from "../../schema/auth/auth"
import { afterFirstPaint } from "./after-first-paint"
import { takeEarlyRefresh } from "./early-refresh-take"
import { noSessionHint } from "./session-hint-store"

// The auth machine with its IO: each actor one AuthApi call. The calls arrive as
// plain promises (./auth-calls.ts runs them on the runtime), so that this module, which the sign-in page
// loads before its first render, holds no Effect code: the runtime loads on the first call.

/** AuthApi's calls, each run to a promise that rejects with the call's Failure. */
export interface AuthCalls {
  readonly refresh: () => Promise<RefreshResponse>
  readonly login: (email: string, password: string) => Promise<LoginOutcome>
  readonly profile: () => Promise<User>
  /** Never rejects: local state is cleared anyway (docs/behaviour.md#auth-status). */
  readonly logout: () => Promise<void>
  /** The second step of a sign-in, with the challenge's token. */
  readonly verifyCode: (token: string, factor: TypedFactor) => Promise<LoginResponse>
  readonly verifyPasskey: (token: string, trustBrowser: boolean) => Promise<LoginResponse>
  /**
   * A passkey alone, by the browser's dialog, or by its autofill on the email field ("conditional"): that one
   * never settles when the browser offers no autofill or another request replaced it.
   */
  readonly passkeySignIn: (mediation: "dialog" | "conditional") => Promise<LoginResponse>
  /** An authenticator app set up at sign-in, when the policy requires a factor the account lacks. */
  readonly startSetup: (token: string) => Promise<TotpEnrolment>
  readonly confirmSetup: (token: string, code: string) => Promise<SetUpSession>
  /** Or a passkey, named by its owner, which finishes the sign-in at once (no recovery codes come with it). */
  readonly setupPasskey: (token: string, name: string) => Promise<LoginResponse>
}

/** Why the start-up refresh of a browser without a session fails, asked of neither the server nor the runtime. */
export class NoSessionHere extends Error {
  override readonly name = "NoSessionHere"
  constructor() {
    super("No session in this browser (no session hint cookie): the start-up refresh was not asked for")
  }
}

export function provideAuth(calls: AuthCalls) {
  // The silent refresh at start takes over the one index.html's script began, if it got a token; otherwise it
  // refreshes as the queue does (docs/behaviour.md#early-refresh). Without the hint cookie the browser holds no
  // refresh cookie: the answer is known without loading the services that would ask.
  const silentRefresh = fromPromise<RefreshResponse>(async () => {
    const early = await takeEarlyRefresh()
    if (early !== null) return { access: early }
    if (noSessionHint()) throw new NoSessionHere()
    return calls.refresh()
  })
  return authMachine.provide({
    actors: {
      refreshToken: silentRefresh,
      login: fromPromise<LoginOutcome, { email: string; password: string }>(({ input }) =>
        calls.login(input.email, input.password),
      ),
      fetchProfile: fromPromise<User>(() => calls.profile()),
      logoutCall: fromPromise<void>(() => calls.logout()),
      verifyCode: fromPromise<LoginResponse, TypedFactor & { token: string }>(({ input }) =>
        calls.verifyCode(input.token, input),
      ),
      verifyPasskey: fromPromise<LoginResponse, { token: string; trustBrowser: boolean }>(({ input }) =>
        calls.verifyPasskey(input.token, input.trustBrowser),
      ),
      passkeySignIn: fromPromise<LoginResponse>(() => calls.passkeySignIn("dialog")),
      passkeyAutofill: fromPromise<LoginResponse>(async () => {
        await afterFirstPaint()
        return calls.passkeySignIn("conditional")
      }),
      startSetup: fromPromise<TotpEnrolment, { token: string }>(({ input }) => calls.startSetup(input.token)),
      confirmSetup: fromPromise<SetUpSession, { token: string; code: string }>(({ input }) =>
        calls.confirmSetup(input.token, input.code),
      ),
      setupPasskey: fromPromise<LoginResponse, { token: string; name: string }>(({ input }) =>
        calls.setupPasskey(input.token, input.name),
      ),
    },
  })
}
