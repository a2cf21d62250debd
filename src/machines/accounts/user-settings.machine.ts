import { assign, fromPromise, raise, setup } from "xstate"
import type { OwnSession, SignedOut, SignInEntry } from "../../schema/accounts/user-settings"
import { failureText } from "../../schema/system/failure-text"

// Your own account at /user-settings, in three parts that run side by side: what the page shows (your sessions
// and recent sign-ins, loaded together), a change of password, and signing sessions out. A change that ends
// sessions reads the lists again, so that what is shown is what the server holds; while the lists reload the
// last ones stay on screen.

export interface AccountOverview {
  readonly sessions: readonly OwnSession[]
  readonly signIns: readonly SignInEntry[]
}

/** Which sessions to end: one of yours, or every one but this browser's. */
export type SessionsToEnd = { readonly kind: "one"; readonly id: string } | { readonly kind: "others" }

/** Named so that the support panel's redaction (src/effects/support/redact.ts) removes both. */
export interface PasswordChange {
  readonly currentPassword: string
  readonly newPassword: string
}

export type UserSettingsEvent =
  | { type: "userSettings.reload" }
  | ({ type: "userSettings.changePassword" } & PasswordChange)
  | { type: "userSettings.signOut"; id: string }
  | { type: "userSettings.signOutOthers" }
  /** The password form's message has been read (the form is edited again). */
  | { type: "userSettings.dismiss" }

export interface UserSettingsContext {
  overview: AccountOverview | null
  loadError: string | null
  /** The server's sentence once the password changed, until dismissed. */
  passwordDone: string | null
  passwordError: string | null
  /** The sessions being signed out, and the last sign-out's answer or failure. */
  ending: SessionsToEnd | null
  endedText: string | null
  endError: string | null
}

export const USER_SETTINGS_LOAD_FAILED = "Your sessions and sign-ins could not be loaded. Please try again."
export const PASSWORD_CHANGE_FAILED = "The password could not be changed. Please try again."
export const SIGN_OUT_FAILED = "The session could not be signed out. Please try again."

const provided = (name: string) => () =>
  Promise.reject(new Error(`${name}: provided by src/effects/accounts/user-settings.actors.ts`))

export const userSettingsMachine = setup({
  types: {
    context: {} as UserSettingsContext,
    events: {} as UserSettingsEvent,
  },
  actors: {
    loadOverview: fromPromise<AccountOverview>(provided("loadOverview")),
    changePassword: fromPromise<SignedOut, PasswordChange>(provided("changePassword")),
    endSessions: fromPromise<SignedOut, SessionsToEnd>(provided("endSessions")),
  },
  actions: {
    reload: raise({ type: "userSettings.reload" }),
  },
}).createMachine({
  id: "userSettings",
  type: "parallel",
  context: {
    overview: null,
    loadError: null,
    passwordDone: null,
    passwordError: null,
    ending: null,
    endedText: null,
    endError: null,
  },
  states: {
    overview: {
      initial: "loading",
      states: {
        loading: {
          on: { "userSettings.reload": { target: "loading", reenter: true } },
          invoke: {
            id: "loadOverview",
            src: "loadOverview",
            onDone: {
              target: "ready",
              actions: assign({ overview: ({ event }) => event.output, loadError: null }),
            },
            onError: {
              target: "failed",
              actions: assign({
                loadError: ({ event }) => failureText(event.error, USER_SETTINGS_LOAD_FAILED),
              }),
            },
          },
        },
        ready: { on: { "userSettings.reload": "loading" } },
        failed: { on: { "userSettings.reload": "loading" } },
      },
    },
    password: {
      initial: "editing",
      states: {
        editing: {
          on: {
            "userSettings.changePassword": "changing",
            "userSettings.dismiss": { actions: assign({ passwordDone: null, passwordError: null }) },
          },
        },
        changing: {
          entry: assign({ passwordDone: null, passwordError: null }),
          invoke: {
            id: "changePassword",
            src: "changePassword",
            input: ({ event }) =>
              event.type === "userSettings.changePassword"
                ? { currentPassword: event.currentPassword, newPassword: event.newPassword }
                : { currentPassword: "", newPassword: "" },
            onDone: {
              target: "editing",
              actions: [assign({ passwordDone: ({ event }) => event.output.detail }), "reload"],
            },
            // A wrong current password or a rule broken: the server's sentence names it.
            onError: {
              target: "editing",
              actions: assign({
                passwordError: ({ event }) => failureText(event.error, PASSWORD_CHANGE_FAILED),
              }),
            },
          },
        },
      },
    },
    sessions: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "userSettings.signOut": {
              target: "ending",
              actions: assign({ ending: ({ event }) => ({ kind: "one", id: event.id }) }),
            },
            "userSettings.signOutOthers": {
              target: "ending",
              actions: assign({ ending: { kind: "others" } }),
            },
          },
        },
        ending: {
          entry: assign({ endedText: null, endError: null }),
          invoke: {
            id: "endSessions",
            src: "endSessions",
            input: ({ context }) => context.ending ?? { kind: "others" },
            onDone: {
              target: "idle",
              actions: [assign({ ending: null, endedText: ({ event }) => event.output.detail }), "reload"],
            },
            // Read again either way: a 404 means the session had already ended.
            onError: {
              target: "idle",
              actions: [
                assign({ ending: null, endError: ({ event }) => failureText(event.error, SIGN_OUT_FAILED) }),
                "reload",
              ],
            },
          },
        },
      },
    },
  },
})
