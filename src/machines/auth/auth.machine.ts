import { assign, emit, enqueueActions, fromPromise, setup } from "xstate"
import { profileBackoffMs } from "../../constants"
import type { LoginResponse, RefreshResponse, User } from "../../schema/auth/auth"
import { failureText } from "../../schema/system/failure-text"
import type { SessionFact, SignOutHow } from "../system/facts"
import {
  type AuthContext,
  type AuthEvent,
  initial,
  LOGIN_FAILED,
  signInHow,
  signOutHow,
} from "./auth-context"

export const authMachine = setup({
  types: { context: {} as AuthContext, events: {} as AuthEvent, emitted: {} as SessionFact },
  actors: {
    refreshToken: fromPromise<RefreshResponse>(async () => {
      throw new Error("provided by src/effects/auth/auth.actors.ts")
    }),
    login: fromPromise<LoginResponse, { email: string; password: string }>(async () => {
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
  },
  delays: {
    // Wait 500 ms times the number of the attempt that just failed (docs/behaviour.md#auth-status).
    afterFirstFailure: profileBackoffMs(1),
    afterSecondFailure: profileBackoffMs(2),
  },
  actions: {
    setLoading: assign({ status: "LOADING", isAuthenticated: false, error: null }),
    markAuthenticated: assign({ status: "AUTHENTICATED", isAuthenticated: true }),
    markUnauthenticated: assign({ status: "UNAUTHENTICATED", isAuthenticated: false }),
    markError: assign({ status: "ERROR", isAuthenticated: false }),
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
}).createMachine({
  id: "auth",
  context: initial,
  initial: "LOADING",
  // Reducer-like events (docs/behaviour.md#auth-status) that apply whatever the state; states below refine
  // some of them.
  on: {
    // A refresh by the queue succeeded: the session is valid again ('set access token').
    "auth.setAccessToken": {
      target: ".AUTHENTICATED",
      actions: [assign({ accessToken: ({ event }) => event.token }), "announceToken"],
    },
    "auth.logout": {
      target: ".UNAUTHENTICATED.loggingOut",
      actions: [{ type: "announceSignedOut", params: {} }, "logout", "announceUser"],
    },
    "auth.signedOutElsewhere": {
      guard: "holdsSession",
      target: ".UNAUTHENTICATED",
      actions: [{ type: "announceSignedOut", params: {} }, "logout", "announceUser"],
    },
    "auth.adoptSession": [
      // The same person signed in again in another tab: only the token is new.
      {
        guard: ({ context, event }) =>
          context.isAuthenticated && event.userId !== null && context.user?.id === event.userId,
        actions: [assign({ accessToken: ({ event }) => event.token }), "announceToken"],
      },
      // Someone else, or nobody here yet: this tab's session (and what it showed) is replaced by that one.
      {
        target: ".AUTHENTICATED",
        reenter: true,
        actions: [
          { type: "announceSignedOut", params: { how: "replaced" } },
          assign(({ event }) => ({ ...initial, accessToken: event.token })),
          "announceToken",
          "announceUser",
        ],
      },
    ],
    // The queue's refresh failed (docs/behaviour.md#refresh-queue): only a held session is ended, so that a
    // stray request made while signed out does not put a refresh error on the sign-in page.
    "auth.forceLogout": {
      guard: "holdsSession",
      target: ".UNAUTHENTICATED",
      actions: [
        { type: "announceSignedOut", params: {} },
        "logout",
        assign({ error: ({ event }) => event.error }),
        "announceUser",
      ],
    },
    "auth.updateUser": {
      guard: ({ context }) => context.user !== null,
      actions: [
        assign({ user: ({ context, event }) => (context.user ? { ...context.user, ...event.patch } : null) }),
        "announceUser",
      ],
    },
    "auth.clearError": { actions: assign({ error: null }) },
    "auth.setError": {
      target: ".ERROR",
      actions: [{ type: "announceSignedOut", params: {} }, assign({ error: ({ event }) => event.error })],
    },
  },
  states: {
    LOADING: {
      entry: "setLoading",
      initial: "silentRefresh",
      states: {
        // On app start, once only: a silent refresh with the cookie.
        silentRefresh: {
          invoke: {
            id: "refreshToken",
            src: "refreshToken",
            onDone: {
              target: "#auth.AUTHENTICATED",
              actions: [assign({ accessToken: ({ event }) => event.output.access }), "announceToken"],
            },
            onError: { target: "#auth.UNAUTHENTICATED", actions: "logout" },
          },
        },
        loggingIn: {
          invoke: {
            id: "login",
            src: "login",
            input: ({ event }) =>
              event.type === "auth.login"
                ? { email: event.email, password: event.password }
                : { email: "", password: "" },
            onDone: {
              target: "#auth.AUTHENTICATED",
              actions: [
                assign({
                  user: ({ event }) => event.output.user,
                  accessToken: ({ event }) => event.output.access,
                  profileLoaded: true,
                }),
                "announceToken",
                "announceUser",
              ],
            },
            onError: {
              target: "#auth.ERROR",
              // Login failure: the server's detail, otherwise 'Login failed'.
              actions: assign({ error: ({ event }) => failureText(event.error, LOGIN_FAILED) }),
            },
          },
        },
      },
    },
    AUTHENTICATED: {
      entry: ["markAuthenticated", "announceSignedIn"],
      initial: "fetchingProfile",
      on: {
        // Already signed in: a new token replaces the old one without fetching the profile again.
        "auth.setAccessToken": {
          actions: [assign({ accessToken: ({ event }) => event.token }), "announceToken"],
        },
        // A user given outright ends any profile fetch still retrying.
        "auth.setUser": {
          target: ".ready",
          actions: [{ type: "setUser", params: ({ event }) => event.user }, "announceUser"],
        },
      },
      states: {
        // Fetched after refresh or login: 3 attempts in total. The attempts are states, not a counter
        // in context, because the context is exactly the client auth state; each one shows in the path tests,
        // and test/unit/profile-fetch.test.ts ties their number and waits to PROFILE_FETCH.
        fetchingProfile: {
          initial: "attempt1",
          states: {
            attempt1: {
              invoke: {
                id: "fetchProfile",
                src: "fetchProfile",
                onDone: {
                  target: "#auth.AUTHENTICATED.ready",
                  actions: [{ type: "setUser", params: ({ event }) => event.output }, "announceUser"],
                },
                onError: "wait1",
              },
            },
            wait1: { after: { afterFirstFailure: "attempt2" } },
            attempt2: {
              invoke: {
                id: "fetchProfile",
                src: "fetchProfile",
                onDone: {
                  target: "#auth.AUTHENTICATED.ready",
                  actions: [{ type: "setUser", params: ({ event }) => event.output }, "announceUser"],
                },
                onError: "wait2",
              },
            },
            wait2: { after: { afterSecondFailure: "attempt3" } },
            attempt3: {
              invoke: {
                id: "fetchProfile",
                src: "fetchProfile",
                onDone: {
                  target: "#auth.AUTHENTICATED.ready",
                  actions: [{ type: "setUser", params: ({ event }) => event.output }, "announceUser"],
                },
                // A profile failure keeps the session: logged as a warning only.
                onError: {
                  target: "#auth.AUTHENTICATED.ready",
                  actions: [
                    { type: "warnProfileFailed", params: ({ event }) => ({ error: event.error }) },
                    "profileAttempted",
                  ],
                },
              },
            },
          },
        },
        ready: {},
      },
    },
    UNAUTHENTICATED: {
      entry: "markUnauthenticated",
      initial: "idle",
      on: {
        "auth.login": { target: "LOADING.loggingIn" },
        // Signing out is final until the next sign-in: a refresh that was in flight must not revive it.
        "auth.setAccessToken": {},
      },
      states: {
        idle: {},
        // Local state is already cleared; the call's errors are ignored (docs/behaviour.md#auth-status).
        loggingOut: { invoke: { id: "logoutCall", src: "logoutCall", onDone: "idle", onError: "idle" } },
      },
    },
    ERROR: {
      entry: "markError",
      on: { "auth.login": { target: "LOADING.loggingIn" } },
    },
  },
})
