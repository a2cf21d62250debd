import { assign, emit, enqueueActions, fromPromise, setup } from "xstate"
import { profileBackoffMs } from "../../constants"
import type { LoginResponse, RefreshResponse, User } from "../../schema/auth/auth"
import { failureText } from "../../schema/system/failure-text"
import type { SessionFact, SignOutHow } from "../system/facts"
import {
  type AuthContext,
  type AuthEvent,
  CHALLENGE_EXPIRED,
  initial,
  type LoginOutcome,
  type SetUpSession,
  signInHow,
  signOutHow,
  type TotpEnrolment,
  type TypedFactor,
} from "./auth-context"

// The auth machine's actors, guards, delays and actions (./auth.machine.ts draws the chart with them, and
// ./sign-in-steps.ts the steps of a sign-in after the password).

export const authSetup = setup({
  types: { context: {} as AuthContext, events: {} as AuthEvent, emitted: {} as SessionFact },
  actors: {
    refreshToken: fromPromise<RefreshResponse>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
    login: fromPromise<LoginOutcome, { email: string; password: string }>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
    // The second step of a sign-in, each the server's word on one factor.
    verifyCode: fromPromise<LoginResponse, TypedFactor & { token: string }>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
    verifyPasskey: fromPromise<LoginResponse, { token: string; trustBrowser: boolean }>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
    // A passkey alone: the browser's dialog, or its autofill on the email field. The autofill's request stays
    // open until the person picks a passkey; one the browser does not offer (or that another request replaced)
    // never settles, and leaving the state drops it.
    passkeySignIn: fromPromise<LoginResponse>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
    passkeyAutofill: fromPromise<LoginResponse>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
    // A factor set up during a sign-in the policy holds back: an authenticator app, or a passkey.
    startSetup: fromPromise<TotpEnrolment, { token: string }>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
    confirmSetup: fromPromise<SetUpSession, { token: string; code: string }>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
    setupPasskey: fromPromise<LoginResponse, { token: string; name: string }>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
    fetchProfile: fromPromise<User>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
    // Fails like the others when nothing was provided: a sign-out that never reached the server must not look
    // like one that did.
    logoutCall: fromPromise<void>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
  },
  guards: {
    // A session is held while there is a token: only a held session is ended by a word from outside.
    holdsSession: ({ context }) => context.accessToken !== null,
    /** The password was right but the server asks for more: a second factor, or one to set up first. */
    asksSecondFactor: (_, outcome: LoginOutcome) =>
      "challenge" in outcome && outcome.challenge.kind === "second_factor",
    asksSetup: (_, outcome: LoginOutcome) =>
      "challenge" in outcome && outcome.challenge.kind === "setup_required",
    hasEnrolment: ({ context }) => context.enrolment !== null,
    offersPasskey: ({ context }) =>
      context.challenge?.kind === "second_factor" && context.challenge.methods.includes("passkey"),
  },
  delays: {
    // Wait 500 ms times the number of the attempt that just failed (docs/behaviour.md#auth-status).
    afterFirstFailure: profileBackoffMs(1),
    afterSecondFailure: profileBackoffMs(2),
    // The server forgets a challenge after its expires_in: past it, the only way on is the password again.
    challengeExpiry: ({ context }) => (context.challenge?.expires_in ?? 0) * 1000,
  },
  actions: {
    setLoading: assign({
      status: "LOADING",
      isAuthenticated: false,
      error: null,
      challenge: null,
      enrolment: null,
      setUp: null,
    }),
    markAuthenticated: assign({
      status: "AUTHENTICATED",
      isAuthenticated: true,
      challenge: null,
      enrolment: null,
      setUp: null,
    }),
    markUnauthenticated: assign({ status: "UNAUTHENTICATED", isAuthenticated: false }),
    markError: assign({
      status: "ERROR",
      isAuthenticated: false,
      challenge: null,
      enrolment: null,
      setUp: null,
    }),
    /** A session the sign-in earned: its user comes with it, so no profile fetch is needed. */
    takeSession: assign((_, session: LoginResponse) => ({
      user: session.user,
      accessToken: session.access,
      profileLoaded: true,
    })),
    // Signed out while a sign-in is under way: an earlier session a failure left behind is not carried into it.
    takeChallenge: assign((_, outcome: LoginOutcome) => ({
      challenge: "challenge" in outcome ? outcome.challenge : null,
      error: null,
      user: null,
      accessToken: null,
      profileLoaded: false,
    })),
    /** A step failed: the server's sentence, or the step's own when it gave none. */
    fail: assign({ error: (_, p: { error: unknown; fallback: string }) => failureText(p.error, p.fallback) }),
    forgetSession: assign({ user: null, accessToken: null, profileLoaded: false }),
    dropChallenge: assign({ challenge: null, enrolment: null, setUp: null }),
    expireChallenge: assign({ error: CHALLENGE_EXPIRED }),
    takeSetUpSession: assign(({ context }) =>
      context.setUp === null
        ? {}
        : {
            user: context.setUp.session.user,
            accessToken: context.setUp.session.access,
            profileLoaded: true,
          },
    ),
    setUser: assign({ user: (_, user: User) => user, profileLoaded: true }),
    profileAttempted: assign({ profileLoaded: true }),
    warnProfileFailed: (_, params: { error: unknown }) =>
      console.warn("Profile could not be loaded; the session goes on without it.", params.error),
    logout: assign({ ...initial, status: "UNAUTHENTICATED" }),
    // Facts for the bus: said after the context changed, so each carries the value it announces.
    announceSignedIn: emit(({ context, event }) => ({
      type: "session.signedIn",
      how: signInHow(event.type),
      token: context.accessToken ?? "",
      userId: context.user?.id ?? null,
    })),
    /** Only a session that was held ends: a failed sign-in or a start without a session announces nothing. */
    announceSignedOut: enqueueActions(({ context, event, enqueue }, params: { how?: SignOutHow }) => {
      if (!context.isAuthenticated) return
      enqueue.emit({ type: "session.signedOut", how: params.how ?? signOutHow(event.type) })
    }),
    announceToken: emit(({ context }) => ({
      type: "session.tokenChanged",
      token: context.accessToken ?? "",
    })),
    announceUser: emit(({ context }) => ({
      type: "session.userChanged",
      category: context.user?.user_category ?? null,
    })),
  },
})
