import { assign, emit, fromPromise, setup } from "xstate"
import { SAVED_VIEW_LISTS, type SavedView, type SavedViewList } from "../../schema/marketplace/saved-views"
import { failureText } from "../../schema/system/failure-text"
import type { SavedViewsFact } from "../system/facts"

// The saved views above a list (docs/behaviour.md#saved-views): the user's own and the team's, loaded for
// the list; saving, renaming and deleting one is a change after which they load again, so that a view
// another user shared or deleted meanwhile shows too. A change that fails says why (a name taken is the
// server's 409 detail) and loads them again too.

export const SAVED_VIEWS_LOAD_FAILED = "Saved views could not be loaded. Please try again."
export const SAVED_VIEW_CHANGE_FAILED = "The view could not be changed. Please try again."
export const SAVED_VIEW_UNAVAILABLE =
  "This saved view is not available: it was deleted, or it is someone else's private view."

/** A change of the views: what the user asked for, as the server's calls take it. */
export type SavedViewChange =
  | { readonly kind: "save"; readonly name: string; readonly query: string; readonly shared: boolean }
  | { readonly kind: "rename"; readonly uuid: string; readonly name: string }
  | { readonly kind: "delete"; readonly uuid: string }

export interface SavedViewsContext {
  readonly list: SavedViewList
  readonly views: ReadonlyArray<SavedView>
  readonly error: string | null
  /** Why the last change failed, until the next one. */
  readonly changeError: string | null
  /** A view asked for by its address (`?view=<uuid>`), until the views have loaded to resolve it. */
  readonly requested: string | null
  /** The view the address asked for, to open; `n` counts the requests, so that asking again opens it again. */
  readonly opened: { readonly uuid: string; readonly query: string; readonly n: number } | null
  /** The address asked for a view the caller cannot see. */
  readonly unavailable: boolean
}

export type SavedViewsEvent =
  | { type: "views.save"; name: string; query: string; shared: boolean }
  | { type: "views.rename"; uuid: string; name: string }
  | { type: "views.delete"; uuid: string }
  | { type: "views.retry" }
  /** The address names a view (`?view=<uuid>`): once the views are loaded, it opens, or is not available. */
  | { type: "views.open"; uuid: string }

export interface ChangeInput {
  readonly list: SavedViewList
  readonly change: SavedViewChange
}

/** The saved-views key of a list page ("work:pending"). */
export const savedViewListOf = (source: string, status: string): SavedViewList | null =>
  SAVED_VIEW_LISTS.find((l) => l === `${source}:${status}`) ?? null

const loadViews = fromPromise<ReadonlyArray<SavedView>, SavedViewList>(() =>
  Promise.reject(new Error("provided by src/effects/marketplace/saved-views.actors.ts")),
)
const changeViews = fromPromise<unknown, ChangeInput>(() =>
  Promise.reject(new Error("provided by src/effects/marketplace/saved-views.actors.ts")),
)

const changeOf = (event: SavedViewsEvent): SavedViewChange | null =>
  event.type === "views.save"
    ? { kind: "save", name: event.name, query: event.query, shared: event.shared }
    : event.type === "views.rename"
      ? { kind: "rename", uuid: event.uuid, name: event.name }
      : event.type === "views.delete"
        ? { kind: "delete", uuid: event.uuid }
        : null

export const savedViewsMachine = setup({
  types: {
    context: {} as SavedViewsContext,
    events: {} as SavedViewsEvent,
    /** `requested`: the view the page's address named when it opened (`?view=<uuid>`). */
    input: {} as { list: SavedViewList; requested?: string | null },
    emitted: {} as SavedViewsFact,
  },
  actors: { loadViews, changeViews },
  actions: {
    request: assign({ requested: ({ event }) => (event.type === "views.open" ? event.uuid : null) }),
    // The caller's own and the shared views of this list are all it may open: any other is not available.
    resolve: assign(({ context }) => {
      if (context.requested === null) return {}
      const view = context.views.find((v) => v.uuid === context.requested)
      return {
        requested: null,
        unavailable: view === undefined,
        opened: view
          ? { uuid: view.uuid, query: view.query, n: (context.opened?.n ?? 0) + 1 }
          : context.opened,
      }
    }),
  },
}).createMachine({
  id: "savedViews",
  context: ({ input }) => ({
    list: input.list,
    views: [],
    error: null,
    changeError: null,
    requested: input.requested ?? null,
    opened: null,
    unavailable: false,
  }),
  initial: "loading",
  on: { "views.open": { actions: "request" } },
  states: {
    loading: {
      invoke: {
        id: "loadViews",
        src: "loadViews",
        input: ({ context }) => context.list,
        onDone: {
          target: "ready",
          actions: [assign({ views: ({ event }) => event.output, error: null }), "resolve"],
        },
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => failureText(event.error, SAVED_VIEWS_LOAD_FAILED) }),
        },
      },
    },
    ready: {
      on: {
        "views.save": { target: "changing" },
        "views.rename": { target: "changing" },
        "views.delete": { target: "changing" },
        "views.open": { actions: ["request", "resolve"] },
      },
    },
    changing: {
      entry: assign({ changeError: null }),
      invoke: {
        id: "changeViews",
        src: "changeViews",
        input: ({ context, event }) => {
          const change = changeOf(event)
          if (change === null) throw new Error(`not a change: ${event.type}`)
          return { list: context.list, change }
        },
        onDone: { target: "loading", actions: emit({ type: "savedViews.changed" }) },
        // Loaded again either way: a view deleted or renamed elsewhere meanwhile is why a change can fail.
        onError: {
          target: "loading",
          actions: assign({ changeError: ({ event }) => failureText(event.error, SAVED_VIEW_CHANGE_FAILED) }),
        },
      },
    },
    failed: { on: { "views.retry": "loading" } },
  },
})
