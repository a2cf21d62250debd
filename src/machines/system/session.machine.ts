import {
  type ActionFunction,
  type AnyActorLogic,
  assign,
  type DoneActorEvent,
  enqueueActions,
  fromPromise,
  type ProvidedActor,
  sendTo,
  setup,
  spawnChild,
} from "xstate"
import { SESSION_LOAD_FAILED } from "./app.machine"
import { childrenOf } from "./children"
import type { OpenPage, PageCommand } from "./pages"
import { SESSION_ACTOR_IDS, SESSION_REST_ID } from "./registry"
import { SESSION_ACTORS } from "./session-registry"

// Everything that only matters once someone has signed in. The root spawns it, in the same actor system, from a
// chunk loaded after the first sign-in. It starts in two steps, so that the signed-in page shows first and the
// rest follows: at once only what the first paint needs (the sidebar, the dashboard's summary); once the page
// has shown ('session.shown', sent by the layout after its first paint), the rest of the session
// (session-rest.machine.ts: socket, notifications, push, presence, live records, preferences, the profile
// editor and the pages' machines), spawned from a chunk of its own. It outlives a sign-out: its actors hear
// 'signed out' and 'signed in' on the bus and stop and start their work.

export type SessionEvent = PageCommand | { type: "session.shown" } | { type: "session.retry" }

export interface SessionContext {
  /** Pages that asked for their machine before the rest of the session ran: opened once it does. */
  readonly queued: ReadonlyArray<OpenPage>
  /** Why the rest of the session could not be loaded (its chunk did not arrive). */
  readonly restError: string | null
}

// By id rather than systemId: the session hands it the page commands, as its parent. XState's types take an id
// only for logic named by a key the machine declares (setup's actors), and this logic arrives at run time, from
// its own chunk. So the action is built through XState's signature for logic a machine does not declare
// (ProvidedActor: any logic, any id), then declared to start none of the machine's declared actors (`never`),
// which is what it does. Only that parameter differs between the two signatures, and the compiler checks that
// they are related, as for any overload.
type SpawnRest<TActor extends ProvidedActor> = ActionFunction<
  SessionContext,
  DoneActorEvent<AnyActorLogic>,
  SessionEvent,
  undefined,
  TActor,
  never,
  never,
  never,
  never
>
function spawnRest(logic: AnyActorLogic): SpawnRest<never>
function spawnRest(logic: AnyActorLogic): SpawnRest<ProvidedActor> {
  return spawnChild(logic, { id: SESSION_REST_ID })
}

/**
 * How the rest is to load: after the first paint it waits for the browser to be idle, so that it does not
 * compete with the page; a page that waits for its machine (a click to a list before that idle time came, a
 * reload of one) has it loaded at once.
 */
export interface LoadRestInput {
  readonly atOnce: boolean
}

/** Replaced in src/effects by the loader of the rest's chunk; this default keeps the machine testable alone. */
const loadRest = fromPromise<AnyActorLogic, LoadRestInput>(() =>
  Promise.reject(new Error("loadRest not provided")),
)

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: { ...SESSION_ACTORS, loadRest },
  guards: {
    /** The load under way waits for idle time: nothing asked for a page when it began. */
    waitsForIdle: ({ context }) => context.queued.length === 0,
  },
  actions: {
    // While the rest is not running, a page's open waits for it and a close takes back an open not yet made.
    queueOpen: assign({
      queued: ({ context, event }) =>
        event.type === "session.openPage" && !context.queued.some((open) => open.key === event.key)
          ? [...context.queued, event]
          : context.queued,
    }),
    dropOpen: assign({
      queued: ({ context, event }) =>
        event.type === "session.closePage"
          ? context.queued.filter((open) => open.key !== event.key)
          : context.queued,
    }),
    toRest: sendTo(SESSION_REST_ID, ({ event }) => event),
  },
}).createMachine({
  id: "session",
  context: { queued: [], restError: null },
  invoke: childrenOf(SESSION_ACTOR_IDS),
  initial: "showing",
  states: {
    // The signed-in page paints with the sidebar and the summary alone. A page that needs its machine at once
    // (a reload of a list) asks for it, which starts the rest without waiting for the paint.
    showing: {
      on: {
        "session.shown": "loadingRest",
        "session.openPage": { target: "loadingRest", actions: "queueOpen" },
        "session.closePage": { actions: "dropOpen" },
      },
    },
    loadingRest: {
      on: {
        // A page now waits for it: the load begins again without waiting for idle time (the chunk, if it
        // was already on its way, is not fetched twice).
        "session.openPage": [
          { guard: "waitsForIdle", target: "loadingRest", reenter: true, actions: "queueOpen" },
          { actions: "queueOpen" },
        ],
        "session.closePage": { actions: "dropOpen" },
      },
      invoke: {
        id: "loadRest",
        src: "loadRest",
        input: ({ context }) => ({ atOnce: context.queued.length > 0 }),
        // Spawned rather than invoked: its logic is only known once its chunk has arrived.
        onDone: {
          target: "running",
          actions: [
            enqueueActions(({ enqueue, event, context }) => {
              enqueue(spawnRest(event.output))
              for (const open of context.queued) enqueue.sendTo(SESSION_REST_ID, open)
            }),
            // The rest publishes 'rest started' itself, once its own actors have all started.
            assign({ queued: [] }),
          ],
        },
        onError: { target: "failed", actions: assign({ restError: SESSION_LOAD_FAILED }) },
      },
    },
    running: {
      on: {
        "session.openPage": { actions: "toRest" },
        "session.closePage": { actions: "toRest" },
        // Before the rest runs no page is open: a command for pages has no one to reach then.
        "session.toPages": { actions: "toRest" },
      },
    },
    failed: {
      on: {
        "session.openPage": { actions: "queueOpen" },
        "session.closePage": { actions: "dropOpen" },
        "session.retry": { target: "loadingRest", actions: assign({ restError: null }) },
      },
    },
  },
})
