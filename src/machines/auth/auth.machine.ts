import { assign } from "xstate"
import { failureText } from "../../schema/system/failure-text"
import { initial, LOGIN_FAILED } from "./auth-context"
import { authSetup } from "./auth-setup"
import { passkeyStarts, signInSteps } from "./sign-in-steps"

// The session's life: restored at start, begun by a sign-in (with its second step when the account has a second
// factor, ./sign-in-steps.ts), refreshed, ended.

export const authMachine = authSetup.createMachine({
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
            onDone: [
              // A right password may not be enough: the server's challenge is a state of its own.
              {
                guard: { type: "asksSecondFactor", params: ({ event }) => event.output },
                target: "#auth.UNAUTHENTICATED.secondFactor",
                actions: { type: "takeChallenge", params: ({ event }) => event.output },
              },
              {
                guard: { type: "asksSetup", params: ({ event }) => event.output },
                target: "#auth.UNAUTHENTICATED.settingUp",
                actions: { type: "takeChallenge", params: ({ event }) => event.output },
              },
              {
                target: "#auth.AUTHENTICATED",
                actions: [
                  assign(({ event }) =>
                    "access" in event.output
                      ? { user: event.output.user, accessToken: event.output.access, profileLoaded: true }
                      : {},
                  ),
                  "announceToken",
                  "announceUser",
                ],
              },
            ],
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
        idle: { on: passkeyStarts },
        // Local state is already cleared; the call's errors are ignored (docs/behaviour.md#auth-status).
        loggingOut: { invoke: { id: "logoutCall", src: "logoutCall", onDone: "idle", onError: "idle" } },
        ...signInSteps,
      },
    },
    ERROR: {
      entry: "markError",
      on: { "auth.login": { target: "LOADING.loggingIn" }, ...passkeyStarts },
    },
  },
})
