import { assign, emit, enqueueActions, setup } from "xstate"
import type { SystemFact } from "./facts"
import type { OpenPage, PageCommand } from "./pages"
import { type PageInputOf, type PageKey, type PageName, REST_ACTOR_IDS, type RestActorId } from "./registry"
import { PAGE_MACHINES, REST_ACTORS } from "./session-rest-registry"
// The bus's rows for the facts only this machine's actors publish join its table with this code, before any of
// them starts.
import "./rest-subscriptions"

// What the session starts once the signed-in page has shown (session.machine.ts): the socket, the
// notifications, push, presence, live records, the preferences and the profile editor, and the pages' machines.
// It comes in a chunk of its own, fetched after the first paint, so that none of it delays the dashboard.
// Its own actors start one per task (a yield to the browser between two), so that no single task of the start
// is long on a slow phone; once all run it publishes 'rest started', and the bus hands them the retained facts
// and what it held for them. Pages start their machine here, as a child, for as long as they are shown, so that the support panel and a
// trace see them like every other actor.

export interface SessionRestContext {
  /** The open pages: each page actor's key (its id among this actor's children) and its machine. */
  readonly pages: Readonly<Record<string, PageName>>
  /** How many of its own actors (REST_ACTOR_IDS, in order) have started. */
  readonly started: number
}

/** What spawns one of its own actors under its systemId; the id and the machine are the registry's pair. */
type RestSpawn = { [K in RestActorId]: [src: K, options: { id: K; systemId: K }] }[RestActorId]
const restSpawn = (id: RestActorId): RestSpawn => [id, { id, systemId: id }] as RestSpawn

/** What spawns a page's machine, for any page; each member pairs a page's machine with its own input. */
type PageSpawn = { [P in PageName]: [src: P, options: { id: PageKey<P>; input: PageInputOf<P> }] }[PageName]
// The event pairs them already (OpenPage); TypeScript cannot follow that pairing through a generic spread.
const pageSpawn = (event: OpenPage): PageSpawn =>
  [event.page, { id: event.key, input: event.input }] as PageSpawn

export const sessionRestMachine = setup({
  types: { context: {} as SessionRestContext, events: {} as PageCommand, emitted: {} as SystemFact },
  actors: { ...REST_ACTORS, ...PAGE_MACHINES },
  // A macrotask: the browser may paint and handle input between two actors' starts.
  delays: { yieldToBrowser: 0 },
  guards: { allStarted: ({ context }) => context.started >= REST_ACTOR_IDS.length },
  actions: {
    startNext: enqueueActions(({ context, enqueue }) => {
      const id = REST_ACTOR_IDS[context.started]
      if (id === undefined) return
      enqueue.spawnChild(...restSpawn(id))
      enqueue.assign({ started: context.started + 1 })
    }),
  },
}).createMachine({
  id: "sessionRest",
  context: { pages: {}, started: 0 },
  initial: "starting",
  states: {
    starting: {
      always: { guard: "allStarted", target: "running" },
      after: { yieldToBrowser: { target: "starting", reenter: true, actions: "startNext" } },
    },
    // After the last start: the bus delivers the retained facts ('signed in', the token) to what just started.
    running: { entry: emit({ type: "system.restStarted" }) },
  },
  on: {
    "session.openPage": {
      guard: ({ context, event }) => context.pages[event.key] === undefined,
      actions: [
        enqueueActions(({ enqueue, event }) => {
          enqueue.spawnChild(...pageSpawn(event))
        }),
        assign({ pages: ({ context, event }) => ({ ...context.pages, [event.key]: event.page }) }),
      ],
    },
    "session.closePage": {
      guard: ({ context, event }) => context.pages[event.key] !== undefined,
      actions: [
        enqueueActions(({ enqueue, event }) => enqueue.stopChild(event.key)),
        assign({
          pages: ({ context, event }) => {
            const { [event.key]: _closed, ...open } = context.pages
            return open
          },
        }),
      ],
    },
    "session.toPages": {
      actions: enqueueActions(({ context, event, enqueue }) => {
        for (const [key, page] of Object.entries(context.pages))
          if (page === event.page) enqueue.sendTo(key, event.event)
      }),
    },
  },
})
