import { assign, fromPromise, setup } from "xstate"
import { failureText } from "../schema/failure"
import type { Assignee } from "../schema/marketplace"
import type { AssigneeFilter } from "../schema/marketplace-input"
import { sameQuery, withAssignee } from "./list-url"
import type { ListPage, ListQuery, ListSource } from "./marketplace-types"

// One machine for every paged list (work and maintenance requests, company applications, any status).
// It owns the query; the page mirrors it into the URL and feeds URL changes (reload, Back) back as `list.sync`.

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
}

export type PagedListEvent =
  | { type: "list.sync"; query: ListQuery }
  | { type: "list.page"; page: number }
  | { type: "list.search"; search: string }
  | { type: "list.order"; ordering: string }
  | { type: "list.retry" }
  | { type: "list.reload" }
  /** Records of some list changed (bus: records.changed): this list reloads when they are of its kind. */
  | { type: "list.recordsChanged"; source: ListSource }
  /** A record was claimed or released (bus): its row shows the new assignee (docs/behaviour.md#claims). */
  | { type: "list.assigned"; source: ListSource; uuid: string; assignee: Assignee | null }
  /** Mine, Unassigned or All: back to the first page. */
  | { type: "list.assignee"; assignee: AssigneeFilter }

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
    }),
    takePage: assign({
      query: ({ event, context }) =>
        event.type === "list.page" ? { ...context.query, page: event.page } : context.query,
    }),
    // A new search or order starts again from the first page: the old page number means nothing for it.
    takeSearch: assign({
      query: ({ event, context }) =>
        event.type === "list.search"
          ? { ...context.query, search: event.search.trim(), page: 1 }
          : context.query,
    }),
    takeOrdering: assign({
      query: ({ event, context }) =>
        event.type === "list.order" ? { ...context.query, ordering: event.ordering, page: 1 } : context.query,
    }),
  },
}).createMachine({
  id: "pagedList",
  context: ({ input }) => ({ source: input.source, query: input.query, data: null, error: null }),
  initial: "loading",
  // Any change of place reloads, whatever the list is doing; entering `loading` again restarts the fetch.
  on: {
    "list.sync": { guard: "changesQuery", target: ".loading", reenter: true, actions: "takeQuery" },
    "list.page": { guard: "isOtherPage", target: ".loading", reenter: true, actions: "takePage" },
    "list.search": { target: ".loading", reenter: true, actions: "takeSearch" },
    "list.order": { target: ".loading", reenter: true, actions: "takeOrdering" },
    "list.reload": { target: ".loading", reenter: true },
    "list.assignee": {
      guard: ({ context, event }) => (context.query.assignee ?? "all") !== event.assignee,
      target: ".loading",
      reenter: true,
      actions: assign({ query: ({ context, event }) => withAssignee(context.query, event.assignee) }),
    },
    // The row changes where it stands; a filtered list is not reloaded under the user's eyes.
    "list.assigned": {
      guard: ({ context, event }) =>
        event.source === context.source && context.data?.results.some((r) => r.uuid === event.uuid) === true,
      actions: assign({
        data: ({ context, event }) =>
          context.data && {
            ...context.data,
            results: context.data.results.map((r) =>
              r.uuid === event.uuid ? { ...r, assignee: event.assignee } : r,
            ),
          },
      }),
    },
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
          { guard: "isEmpty", target: "empty", actions: assign({ data: ({ event }) => event.output }) },
          { target: "ready", actions: assign({ data: ({ event }) => event.output }) },
        ],
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => failureText(event.error, LIST_LOAD_FAILED) }),
        },
      },
    },
    ready: {},
    empty: {},
    failed: { on: { "list.retry": "loading" } },
  },
})

/** How many pages the list has at the page size it was fetched with (at least one). */
export const pageCount = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize))
