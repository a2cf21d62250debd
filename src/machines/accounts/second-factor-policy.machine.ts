import { assign, fromPromise, setup } from "xstate"
import type { UserCategory } from "../../schema/auth/auth"
import { failureText } from "../../schema/system/failure-text"

// The staff page's "Require a second factor" setting: the categories whose accounts must have one, read once and
// saved whole (the server answers with what it holds, which is then shown).

export type SecondFactorPolicyEvent =
  | { type: "policy.set"; required: ReadonlyArray<UserCategory> }
  | { type: "policy.reload" }

export interface SecondFactorPolicyContext {
  required: ReadonlyArray<UserCategory> | null
  error: string | null
  saved: boolean
}

export const POLICY_LOAD_FAILED = "The second-factor setting could not be loaded. Please try again."
export const POLICY_SAVE_FAILED = "The second-factor setting could not be saved. Please try again."

const provided = (name: string) => () =>
  Promise.reject(new Error(`${name}: provided by src/effects/accounts/second-factor-policy.actors.ts`))

export const secondFactorPolicyMachine = setup({
  types: { context: {} as SecondFactorPolicyContext, events: {} as SecondFactorPolicyEvent },
  actors: {
    loadPolicy: fromPromise<ReadonlyArray<UserCategory>>(provided("loadPolicy")),
    savePolicy: fromPromise<ReadonlyArray<UserCategory>, ReadonlyArray<UserCategory>>(provided("savePolicy")),
  },
}).createMachine({
  id: "secondFactorPolicy",
  initial: "loading",
  context: { required: null, error: null, saved: false },
  states: {
    loading: {
      invoke: {
        id: "loadPolicy",
        src: "loadPolicy",
        onDone: { target: "ready", actions: assign({ required: ({ event }) => event.output, error: null }) },
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => failureText(event.error, POLICY_LOAD_FAILED) }),
        },
      },
    },
    failed: { on: { "policy.reload": "loading" } },
    ready: { on: { "policy.set": "saving" } },
    saving: {
      entry: assign({ error: null, saved: false }),
      invoke: {
        id: "savePolicy",
        src: "savePolicy",
        input: ({ event, context }) =>
          event.type === "policy.set" ? event.required : (context.required ?? []),
        onDone: { target: "ready", actions: assign({ required: ({ event }) => event.output, saved: true }) },
        onError: {
          target: "ready",
          actions: assign({ error: ({ event }) => failureText(event.error, POLICY_SAVE_FAILED) }),
        },
      },
    },
  },
})
