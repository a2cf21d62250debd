import { type AnyActorLogic, assign, enqueueActions, fromPromise, setup } from "xstate"
import { authMachine } from "./auth.machine"
import { refreshMachine } from "./refresh.machine"
import { signInWatch } from "./sign-in-watch"
import { supportMachine } from "./support.machine"
import { SYSTEM_IDS } from "./system-ids"
import { type UiPreferencesInput, uiPreferencesMachine } from "./ui-preferences.machine"

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

/** Replaced in src/effects by the loader of the session chunk; this default keeps the root testable alone. */
const loadSession = fromPromise<AnyActorLogic>(() => Promise.reject(new Error("loadSession not provided")))

/**
 * The root of the one actor system: it runs every long-lived machine under its systemId, so actors and views
 * find each other with `system.get`. What only matters after sign-in (the layout's sidebar, the profile editor,
 * notifications, socket, dashboard, the marketplace pages) is the session machine, spawned from its chunk once someone has signed in.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    auth: authMachine,
    refresh: refreshMachine,
    uiPreferences: uiPreferencesMachine,
    signInWatch,
    loadSession,
    support: supportMachine,
  },
}).createMachine({
  id: "app",
  context: ({ input }) => ({ ...input, sessionError: null }),
  // The refresh queue is listed first so that it exists before anything can ask it for a token.
  invoke: [
    { id: SYSTEM_IDS.refresh, systemId: SYSTEM_IDS.refresh, src: "refresh" },
    { id: SYSTEM_IDS.auth, systemId: SYSTEM_IDS.auth, src: "auth" },
    {
      id: SYSTEM_IDS.uiPreferences,
      systemId: SYSTEM_IDS.uiPreferences,
      src: "uiPreferences",
      input: ({ context }) => context.ui,
    },
    // Last: it looks up auth, so auth must exist when it starts.
    { id: SYSTEM_IDS.signInWatch, systemId: SYSTEM_IDS.signInWatch, src: "signInWatch" },
    {
      id: SYSTEM_IDS.support,
      systemId: SYSTEM_IDS.support,
      src: "support",
      input: ({ context }) => ({ requested: context.supportRequested ?? false }),
    },
  ],
  initial: "signedOut",
  states: {
    signedOut: {
      on: { "auth.signedIn": "session" },
    },
    // Once loaded, the session stays for the life of the page: sessionWatch inside it follows sign-outs.
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
              actions: enqueueActions(({ enqueue, event }) =>
                enqueue.spawnChild(event.output, { systemId: SYSTEM_IDS.session }),
              ),
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
