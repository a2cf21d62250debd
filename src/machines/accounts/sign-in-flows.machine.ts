import { type AnyActorLogic, assign, enqueueActions, fromPromise, setup } from "xstate"

// The root's signed-out pages' actors (the sign-in page's notice, the invitation, forgot-password and
// password-reset pages), loaded once a signed-out page asks for them: a signed-in start never needs their code.
// Each loaded machine runs under its own systemId (./sign-in-flows-registry.ts), as a child of this one, for the
// life of the page.

export type SignInFlowsEvent = { type: "signInFlows.load" } | { type: "signInFlows.retry" }

export interface SignInFlowsContext {
  /** Why the chunk of the flows could not be loaded, while it could not. */
  readonly error: string | null
}

/** What the loader resolves to: each machine with its IO, by the systemId it runs under. */
export type SignInFlowLogics = ReadonlyArray<readonly [systemId: string, logic: AnyActorLogic]>

export const SIGN_IN_FLOWS_LOAD_FAILED = "This page could not be loaded. Check your connection and try again."

export const signInFlowsMachine = setup({
  types: { context: {} as SignInFlowsContext, events: {} as SignInFlowsEvent },
  actors: {
    loadFlows: fromPromise<SignInFlowLogics>(async () => {
      throw new Error("provided by src/effects/accounts/sign-in-flows-loader.ts")
    }),
  },
}).createMachine({
  id: "signInFlows",
  context: { error: null },
  initial: "idle",
  states: {
    idle: { on: { "signInFlows.load": "loading" } },
    loading: {
      invoke: {
        id: "loadFlows",
        src: "loadFlows",
        onDone: {
          target: "ready",
          // Spawned rather than invoked: their logic is only known once their chunk has arrived.
          actions: enqueueActions(({ enqueue, event }) => {
            for (const [systemId, logic] of event.output) enqueue.spawnChild(logic, { systemId })
          }),
        },
        onError: { target: "failed", actions: assign({ error: SIGN_IN_FLOWS_LOAD_FAILED }) },
      },
    },
    // Loaded once: the flows stay for the life of the page.
    ready: {},
    failed: {
      on: { "signInFlows.retry": { target: "loading", actions: assign({ error: null }) } },
    },
  },
})
