import { assign, fromPromise, raise, setup } from "xstate"
import type { Passkey } from "../../schema/accounts/passkeys"
import type { SecondFactorStatus, TotpSetup } from "../../schema/accounts/second-factor"
import { failureText } from "../../schema/system/failure-text"

// Your own second factors at /user-settings: what you have (read once, again after each change), and one change
// at a time: an authenticator app set up (its key, then a first code, then its recovery codes shown once) or
// removed, the recovery codes regenerated, a passkey added (the browser's dialog), renamed or removed, this
// browser's 30-day trust forgotten.

export type SecondFactorEvent =
  | { type: "secondFactor.reload" }
  | { type: "secondFactor.startTotp" }
  | { type: "secondFactor.confirmTotp"; code: string }
  | { type: "secondFactor.cancelTotp" }
  | { type: "secondFactor.removeTotp"; password: string }
  | { type: "secondFactor.regenerateCodes"; password: string }
  | { type: "secondFactor.addPasskey"; name: string }
  | { type: "secondFactor.renamePasskey"; id: string; name: string }
  | { type: "secondFactor.removePasskey"; id: string }
  | { type: "secondFactor.forgetBrowser" }
  /** The recovery codes shown once have been saved, or a message read. */
  | { type: "secondFactor.dismiss" }

export interface SecondFactorContext {
  status: SecondFactorStatus | null
  loadError: string | null
  enrolment: TotpSetup | null
  /** New recovery codes, shown once until dismissed. */
  codes: ReadonlyArray<string> | null
  error: string | null
  done: string | null
}

export const SECOND_FACTOR_LOAD_FAILED = "Your second factors could not be loaded. Please try again."
export const PASSKEY_ADDED = "Passkey added."
export const SECOND_FACTOR_CHANGE_FAILED = "That did not work. Please try again."

const provided = (name: string) => () =>
  Promise.reject(new Error(`${name}: provided by src/effects/accounts/second-factor.actors.ts`))

const failed = { target: "idle", actions: "showFailure" } as const

export const secondFactorMachine = setup({
  types: { context: {} as SecondFactorContext, events: {} as SecondFactorEvent },
  actors: {
    loadStatus: fromPromise<SecondFactorStatus>(provided("loadStatus")),
    startTotp: fromPromise<TotpSetup>(provided("startTotp")),
    confirmTotp: fromPromise<ReadonlyArray<string>, { code: string }>(provided("confirmTotp")),
    removeTotp: fromPromise<string, { password: string }>(provided("removeTotp")),
    regenerateCodes: fromPromise<ReadonlyArray<string>, { password: string }>(provided("regenerateCodes")),
    addPasskey: fromPromise<Passkey, { name: string }>(provided("addPasskey")),
    renamePasskey: fromPromise<Passkey, { id: string; name: string }>(provided("renamePasskey")),
    removePasskey: fromPromise<string, { id: string }>(provided("removePasskey")),
    forgetBrowser: fromPromise<string>(provided("forgetBrowser")),
  },
  actions: {
    reload: raise({ type: "secondFactor.reload" }),
    clearMessages: assign({ error: null, done: null, codes: null }),
    showFailure: assign({
      error: ({ event }) => failureText("error" in event ? event.error : null, SECOND_FACTOR_CHANGE_FAILED),
    }),
  },
}).createMachine({
  id: "secondFactor",
  type: "parallel",
  context: { status: null, loadError: null, enrolment: null, codes: null, error: null, done: null },
  states: {
    overview: {
      initial: "loading",
      states: {
        loading: {
          on: { "secondFactor.reload": { target: "loading", reenter: true } },
          invoke: {
            id: "loadStatus",
            src: "loadStatus",
            onDone: {
              target: "ready",
              actions: assign({ status: ({ event }) => event.output, loadError: null }),
            },
            onError: {
              target: "failed",
              actions: assign({
                loadError: ({ event }) => failureText(event.error, SECOND_FACTOR_LOAD_FAILED),
              }),
            },
          },
        },
        ready: { on: { "secondFactor.reload": "loading" } },
        failed: { on: { "secondFactor.reload": "loading" } },
      },
    },
    change: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "secondFactor.startTotp": "startingTotp",
            "secondFactor.removeTotp": "removingTotp",
            "secondFactor.regenerateCodes": "regenerating",
            "secondFactor.addPasskey": "addingPasskey",
            "secondFactor.renamePasskey": "renamingPasskey",
            "secondFactor.removePasskey": "removingPasskey",
            "secondFactor.forgetBrowser": "forgettingBrowser",
            "secondFactor.dismiss": { actions: assign({ codes: null, error: null, done: null }) },
          },
        },
        startingTotp: {
          entry: "clearMessages",
          invoke: {
            id: "startTotp",
            src: "startTotp",
            onDone: { target: "enrolling", actions: assign({ enrolment: ({ event }) => event.output }) },
            onError: failed,
          },
        },
        // The key is shown until a first code from the app confirms it, or the set-up is given up.
        enrolling: {
          on: {
            "secondFactor.confirmTotp": "confirmingTotp",
            "secondFactor.cancelTotp": { target: "idle", actions: assign({ enrolment: null, error: null }) },
          },
        },
        confirmingTotp: {
          entry: assign({ error: null }),
          invoke: {
            id: "confirmTotp",
            src: "confirmTotp",
            input: ({ event }) => ({ code: event.type === "secondFactor.confirmTotp" ? event.code : "" }),
            onDone: {
              target: "idle",
              actions: [assign({ enrolment: null, codes: ({ event }) => event.output }), "reload"],
            },
            onError: {
              target: "enrolling",
              actions: assign({
                error: ({ event }) => failureText(event.error, SECOND_FACTOR_CHANGE_FAILED),
              }),
            },
          },
        },
        removingTotp: {
          entry: "clearMessages",
          invoke: {
            id: "removeTotp",
            src: "removeTotp",
            input: ({ event }) => ({
              password: event.type === "secondFactor.removeTotp" ? event.password : "",
            }),
            onDone: { target: "idle", actions: [assign({ done: ({ event }) => event.output }), "reload"] },
            onError: failed,
          },
        },
        regenerating: {
          entry: "clearMessages",
          invoke: {
            id: "regenerateCodes",
            src: "regenerateCodes",
            input: ({ event }) => ({
              password: event.type === "secondFactor.regenerateCodes" ? event.password : "",
            }),
            onDone: { target: "idle", actions: [assign({ codes: ({ event }) => event.output }), "reload"] },
            onError: failed,
          },
        },
        addingPasskey: {
          entry: "clearMessages",
          invoke: {
            id: "addPasskey",
            src: "addPasskey",
            input: ({ event }) => ({ name: event.type === "secondFactor.addPasskey" ? event.name : "" }),
            onDone: { target: "idle", actions: [assign({ done: PASSKEY_ADDED }), "reload"] },
            onError: failed,
          },
        },
        renamingPasskey: {
          entry: "clearMessages",
          invoke: {
            id: "renamePasskey",
            src: "renamePasskey",
            input: ({ event }) =>
              event.type === "secondFactor.renamePasskey"
                ? { id: event.id, name: event.name }
                : { id: "", name: "" },
            onDone: { target: "idle", actions: "reload" },
            onError: failed,
          },
        },
        removingPasskey: {
          entry: "clearMessages",
          invoke: {
            id: "removePasskey",
            src: "removePasskey",
            input: ({ event }) => ({ id: event.type === "secondFactor.removePasskey" ? event.id : "" }),
            onDone: { target: "idle", actions: [assign({ done: ({ event }) => event.output }), "reload"] },
            onError: failed,
          },
        },
        forgettingBrowser: {
          entry: "clearMessages",
          invoke: {
            id: "forgetBrowser",
            src: "forgetBrowser",
            onDone: { target: "idle", actions: [assign({ done: ({ event }) => event.output }), "reload"] },
            onError: failed,
          },
        },
      },
    },
  },
})
