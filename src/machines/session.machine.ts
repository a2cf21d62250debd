import { assign, enqueueActions, setup } from "xstate"
import { childrenOf } from "./children"
import type { PageEventOf, PageInputOf, PageKey, PageName } from "./registry"
import { SESSION_ACTOR_IDS } from "./registry"
import { PAGE_MACHINES, SESSION_ACTORS } from "./session-actors"

// Everything that only matters once someone has signed in. The root spawns it, in the same actor system, from a
// chunk loaded after the first sign-in, which keeps these machines and their schemas out of the sign-in page's
// JavaScript. It outlives a sign-out: its actors hear 'signed out' and 'signed in' on the bus and stop and start
// their work. Pages start their machine here, as a child of the session, for as long as they are shown, so that
// the support panel and a trace see them like every other actor.

/** A page asks for its machine: one running actor per key until the page closes it. */
export type OpenPage = {
  [P in PageName]: { type: "session.openPage"; page: P; key: PageKey<P>; input: PageInputOf<P> }
}[PageName]

/** A command for every open page of one kind (the bus's delivery of a fact that concerns pages). */
export type ToPages = {
  [P in PageName]: { type: "session.toPages"; page: P; event: PageEventOf<P> }
}[PageName]

export type SessionEvent = OpenPage | { type: "session.closePage"; key: string } | ToPages

export interface SessionContext {
  /** The open pages: each page actor's key (its id among the session's children) and its machine. */
  readonly pages: Readonly<Record<string, PageName>>
}

/** What spawns a page's machine, for any page; each member pairs a page's machine with its own input. */
type PageSpawn = { [P in PageName]: [src: P, options: { id: PageKey<P>; input: PageInputOf<P> }] }[PageName]
// The event pairs them already (OpenPage); TypeScript cannot follow that pairing through a generic spread.
const pageSpawn = (event: OpenPage): PageSpawn =>
  [event.page, { id: event.key, input: event.input }] as PageSpawn

/** The command that opens a page's machine; the key and input belong to the same page. */
export const openPage = <P extends PageName>(page: P, key: PageKey<P>, input: PageInputOf<P>): OpenPage =>
  ({ type: "session.openPage", page, key, input }) as OpenPage

let pageCount = 0
/** A fresh key for a page actor; its machine's name is part of it, so that lookups are typed by it. */
export const nextPageKey = <P extends PageName>(page: P): PageKey<P> => `page.${page}.${++pageCount}`

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: { ...SESSION_ACTORS, ...PAGE_MACHINES },
}).createMachine({
  id: "session",
  context: { pages: {} },
  invoke: childrenOf(SESSION_ACTOR_IDS),
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
