import { type AnyActorLogic, assign, emit, enqueueActions, fromPromise, setup } from "xstate"
import type { UiPreferencesInput } from "../shell/ui-preferences.machine"
import type { SupportInput } from "../support/support.machine"
import { childrenOf } from "./children"
import type { SystemFact } from "./facts"
import { ROOT_ACTOR_IDS, ROOT_ACTORS } from "./root-registry"

export interface AppInput {
  ui: UiPreferencesInput
  /** Started with `?support`: anyone may open the support panel, not only admins. */
  supportRequested?: boolean
}

export interface AppContext extends AppInput {
  /** Why the signed-in actors could not be loaded (their chunk did not arrive). */
  readonly sessionError: string | null
}

export type AppEvent = { type: "auth.signedIn" } | { type: "session.retry" }

export const SESSION_LOAD_FAILED = "The app could not finish loading. Check your connection and try again."

/** The root's own systemId, so that the bus can deliver 'signed in' to it like to any other actor. */
export const APP_SYSTEM_ID = "app"

/** What the root actors that take an input start from. */
const ROOT_INPUTS = {
  uiPreferences: ({ context }: { context: AppContext }): UiPreferencesInput => context.ui,
  support: ({ context }: { context: AppContext }): SupportInput => ({
    requested: context.supportRequested ?? false,
  }),
}

/** Replaced in src/effects by the loader of the session chunk; this default keeps the root testable alone. */
const loadSession = fromPromise<AnyActorLogic>(() => Promise.reject(new Error("loadSession not provided")))

/**
 * The root of the one actor system: it runs the root actors of the registry (root-registry.ts) under their
 * systemIds, and once someone has signed in the session machine, spawned from its own chunk, with everything
 * that only matters signed in (the layout's sidebar, notifications, socket, dashboard, the pages).
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
    emitted: {} as SystemFact,
  },
  actors: { ...ROOT_ACTORS, loadSession },
}).createMachine({
  id: "app",
  context: ({ input }) => ({ ...input, sessionError: null }),
  // In the registry's order: the bus first, so that it hears every fact; the refresh queue before anything can
  // ask it for a token.
  invoke: childrenOf(ROOT_ACTOR_IDS, ROOT_INPUTS),
  initial: "signedOut",
  states: {
    signedOut: {
      on: { "auth.signedIn": "session" },
    },
    // Once loaded, the session stays for the life of the page: it stops its actors' work on sign-out.
    session: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            id: "loadSession",
            src: "loadSession",
            // Spawned here rather than invoked: its logic is only known once its chunk has arrived.
            onDone: {
              target: "ready",
              actions: [
                enqueueActions(({ enqueue, event }) =>
                  enqueue.spawnChild(event.output, { systemId: "session" }),
                ),
                // After the spawn: the bus delivers the retained facts to actors that are running.
                emit({ type: "system.sessionStarted" }),
              ],
            },
            onError: { target: "failed", actions: assign({ sessionError: SESSION_LOAD_FAILED }) },
          },
        },
        ready: {},
        failed: {
          on: { "session.retry": { target: "loading", actions: assign({ sessionError: null }) } },
        },
      },
    },
  },
})
