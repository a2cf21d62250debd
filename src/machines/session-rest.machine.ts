import { assign, enqueueActions, setup } from "xstate"
import { childrenOf } from "./children"
import type { OpenPage, PageCommand } from "./pages"
import { type PageInputOf, type PageKey, type PageName, REST_ACTOR_IDS } from "./registry"
import { PAGE_MACHINES, REST_ACTORS } from "./session-rest-actors"

// What the session starts once the signed-in page has shown (session.machine.ts): the socket, the
// notifications, push, presence, live records, the preferences and the profile editor, and the pages' machines.
// It comes in a chunk of its own, fetched after the first paint, so that none of it delays the dashboard.
// Pages start their machine here, as a child, for as long as they are shown, so that the support panel and a
// trace see them like every other actor.

export interface SessionRestContext {
  /** The open pages: each page actor's key (its id among this actor's children) and its machine. */
  readonly pages: Readonly<Record<string, PageName>>
}

/** What spawns a page's machine, for any page; each member pairs a page's machine with its own input. */
type PageSpawn = { [P in PageName]: [src: P, options: { id: PageKey<P>; input: PageInputOf<P> }] }[PageName]
// The event pairs them already (OpenPage); TypeScript cannot follow that pairing through a generic spread.
const pageSpawn = (event: OpenPage): PageSpawn =>
  [event.page, { id: event.key, input: event.input }] as PageSpawn

export const sessionRestMachine = setup({
  types: { context: {} as SessionRestContext, events: {} as PageCommand },
  actors: { ...REST_ACTORS, ...PAGE_MACHINES },
}).createMachine({
  id: "sessionRest",
  context: { pages: {} },
  invoke: childrenOf(REST_ACTOR_IDS),
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
