import { assign, fromPromise, setup } from "xstate"
import { FINDING } from "../constants"
import { failureText } from "../schema/failure"
import { sameQuery } from "./list-url"
import type { ListPage, ListQuery, ListSource } from "./marketplace-types"

// One machine for every paged list (work and maintenance requests, company applications, any status).
// It owns the query; the page mirrors it into the URL and feeds URL changes (reload, Back) back as `list.sync`.
// Typing in the search box waits in `typing` until the keys stop (docs/behaviour.md#finding-things), and the
// keyboard's row cursor (docs/behaviour.md#keyboard-triage) is an index into the rows shown.

export const LIST_LOAD_FAILED = "The list could not be loaded. Please try again."

export interface PagedListInput {
  readonly source: ListSource
  readonly query: ListQuery
}

export interface PagedListContext {
  readonly source: ListSource
  readonly query: ListQuery
  readonly data: ListPage | null
  readonly error: string | null
  /** The search box's text while it waits to apply. */
  readonly draft: string
  /** The row the keyboard points at; null until a key moves it. */
  readonly cursor: number | null
}

export type PagedListEvent =
  | { type: "list.sync"; query: ListQuery }
  | { type: "list.page"; page: number }
  | { type: "list.search"; search: string }
  /** A keystroke in the search box: applied once the keys stop, unless Enter (list.search) comes first. */
  | { type: "list.type"; search: string }
  /** The keyboard's row cursor moves down (1) or up (-1), staying on the rows shown. */
  | { type: "list.cursor"; by: 1 | -1 }
  | { type: "list.order"; ordering: string }
  | { type: "list.retry" }
  | { type: "list.reload" }
  /** Records of some list changed (bus: records.changed): this list reloads when they are of its kind. */
  | { type: "list.recordsChanged"; source: ListSource }

export interface FetchPageInput {
  readonly source: ListSource
  readonly query: ListQuery
}

/** Provided for real in src/effects; tests replace it. */
const fetchPage = fromPromise<ListPage, FetchPageInput>(() =>
  Promise.reject(new Error("fetchPage not provided")),
)

export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    input: {} as PagedListInput,
    events: {} as PagedListEvent,
  },
  actors: { fetchPage },
  delays: { listSearchDebounce: FINDING.listSearchDebounceMs },
  guards: {
    isEmpty: ({ event }) => (event as unknown as { output: ListPage }).output.results.length === 0,
    changesQuery: ({ context, event }) =>
      event.type === "list.sync" && !sameQuery(context.query, event.query),
    isOtherPage: ({ context, event }) =>
      event.type === "list.page" && event.page >= 1 && event.page !== context.query.page,
  },
  actions: {
    takeQuery: assign({
      query: ({ event, context }) => (event.type === "list.sync" ? event.query : context.query),
      cursor: null,
    }),
    takePage: assign({
      query: ({ event, context }) =>
        event.type === "list.page" ? { ...context.query, page: event.page } : context.query,
      cursor: null,
    }),
    // A new search or order starts again from the first page: the old page number means nothing for it.
    takeSearch: assign({
      query: ({ event, context }) =>
        event.type === "list.search"
          ? { ...context.query, search: event.search.trim(), page: 1 }
          : context.query,
      cursor: null,
    }),
    takeDraft: assign({
      draft: ({ event, context }) => (event.type === "list.type" ? event.search : context.draft),
    }),
    applyDraft: assign({
      query: ({ context }) => ({ ...context.query, search: context.draft.trim(), page: 1 }),
      cursor: null,
    }),
    takeOrdering: assign({
      query: ({ event, context }) =>
        event.type === "list.order" ? { ...context.query, ordering: event.ordering, page: 1 } : context.query,
      cursor: null,
    }),
    // The first move shows the cursor on the first row; later ones stop at either end.
    moveCursor: assign({
      cursor: ({ context, event }) => {
        const rows = context.data?.results.length ?? 0
        if (event.type !== "list.cursor" || rows === 0) return context.cursor
        if (context.cursor === null) return 0
        return Math.min(rows - 1, Math.max(0, context.cursor + event.by))
      },
    }),
    // New rows after a reload (a decision, another tab's change): the cursor stays where it was, so the next
    // record slides under it, unless the list got shorter.
    takeData: assign({
      data: ({ event }) => (event as unknown as { output: ListPage }).output,
      cursor: ({ context, event }) => {
        const rows = (event as unknown as { output: ListPage }).output.results.length
        return context.cursor === null || rows === 0 ? null : Math.min(context.cursor, rows - 1)
      },
    }),
  },
}).createMachine({
  id: "pagedList",
  context: ({ input }) => ({
    source: input.source,
    query: input.query,
    data: null,
    error: null,
    draft: input.query.search,
    cursor: null,
  }),
  initial: "loading",
  // Any change of place reloads, whatever the list is doing; entering `loading` again restarts the fetch.
  on: {
    "list.sync": { guard: "changesQuery", target: ".loading", reenter: true, actions: "takeQuery" },
    "list.page": { guard: "isOtherPage", target: ".loading", reenter: true, actions: "takePage" },
    "list.search": { target: ".loading", reenter: true, actions: "takeSearch" },
    "list.type": { target: ".typing", reenter: true, actions: "takeDraft" },
    "list.cursor": { actions: "moveCursor" },
    "list.order": { target: ".loading", reenter: true, actions: "takeOrdering" },
    "list.reload": { target: ".loading", reenter: true },
    "list.recordsChanged": {
      guard: ({ context, event }) => event.source === context.source,
      target: ".loading",
      reenter: true,
    },
  },
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: "fetchPage",
        src: "fetchPage",
        input: ({ context }) => ({ source: context.source, query: context.query }),
        onDone: [
          { guard: "isEmpty", target: "empty", actions: "takeData" },
          { target: "ready", actions: "takeData" },
        ],
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => failureText(event.error, LIST_LOAD_FAILED) }),
        },
      },
    },
    // The rows stay on screen while the keys go on; the last keystroke's delay applies the search.
    typing: { after: { listSearchDebounce: { target: "loading", actions: "applyDraft" } } },
    ready: {},
    empty: {},
    failed: { on: { "list.retry": "loading" } },
  },
})

/** How many pages the list has at the page size it was fetched with (at least one). */
export const pageCount = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize))
