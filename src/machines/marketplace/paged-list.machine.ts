import { assign, enqueueActions, fromPromise, setup } from "xstate"
import { FINDING } from "../../constants"
import type { Assignee } from "../../schema/marketplace/marketplace"
import type { AssigneeFilter, WaitingFilter } from "../../schema/marketplace/marketplace-input"
import { failureText } from "../../schema/system/failure-text"
import type { ChangeMark, RemoteChange } from "../live/remote-change"
import type { LiveFact } from "../system/facts"
import type { ListFilters } from "./list-filter-params"
import { withFilters } from "./list-filters"
import { sameQuery, withAssignee, withWaiting } from "./list-url"
import type { ListPage, ListQuery, ListSource } from "./marketplace-types"
import {
  clampCursor,
  fetchedKept,
  heldOf,
  isEmptyKept,
  LIVE_WHEN_BUSY,
  LIVE_WHEN_SETTLED,
  REFRESHING,
  remoteApplied,
} from "./paged-list-live"

// One machine for every paged list (work and maintenance requests, company applications, any status).
// It owns the query; the page mirrors it into the URL and feeds URL changes (reload, Back) back as `list.sync`.
// Typing in the search box waits in `typing` until the keys stop (docs/behaviour.md#finding-things), and the
// keyboard's row cursor (docs/behaviour.md#keyboard-triage) is an index into the rows shown. Changes made
// elsewhere are taken as ./paged-list-live says.

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
  /** Rows changed by someone else while shown, by uuid: "Approved by Corey Coordinator just now". */
  readonly marks: Readonly<Record<string, ChangeMark>>
  /** The rows ticked for a bulk decision: they stay while shown even when they leave the list. */
  readonly kept: ReadonlyArray<string>
  /** A change arrived while a load was under way: the page loads again once it ends. */
  readonly stale: boolean
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
  /** A record changed elsewhere (bus: records.remoteChanged): applied in place, then reloaded in the background. */
  | { type: "list.remoteChanged"; change: RemoteChange }
  /** The socket came back after a loss (bus: records.resync): loaded again in the background. */
  | { type: "list.refresh" }
  /** The rows ticked for a bulk decision now. */
  | { type: "list.keep"; uuids: ReadonlyArray<string> }
  /** A record was claimed or released (bus): its row shows the new assignee (docs/behaviour.md#claims). */
  | { type: "list.assigned"; source: ListSource; uuid: string; assignee: Assignee | null }
  /** Mine, Unassigned or All: back to the first page. */
  | { type: "list.assignee"; assignee: AssigneeFilter }
  /** Applications waiting for their applicant, the others, or all: back to the first page. */
  | { type: "list.waiting"; waiting: WaitingFilter }
  /** Urgency, area, service, days (docs/behaviour.md#filters): the whole set, back to the first page. */
  | { type: "list.filter"; filters: ListFilters }

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
    emitted: {} as LiveFact,
  },
  actors: { fetchPage },
  delays: { listSearchDebounce: FINDING.listSearchDebounceMs },
  guards: {
    isEmpty: (_, page: ListPage) => page.results.length === 0,
    changesQuery: ({ context, event }) =>
      event.type === "list.sync" && !sameQuery(context.query, event.query),
    isOtherPage: ({ context, event }) =>
      event.type === "list.page" && event.page >= 1 && event.page !== context.query.page,
    isOwnChange: ({ context, event }) =>
      event.type === "list.remoteChanged" && event.change.source === context.source,
    isStale: ({ context }) => context.stale,
    isEmptyKept: ({ context }, page: ListPage) => isEmptyKept(context, page),
    hasNoRows: ({ context }) => (context.data?.results.length ?? 0) === 0,
  },
  actions: {
    announceHeld: enqueueActions(({ context, enqueue }) => {
      const fact = heldOf(context)
      if (fact) enqueue.emit(fact)
    }),
    applyRemote: assign(({ context, event }) =>
      event.type === "list.remoteChanged" ? remoteApplied(context, event.change) : {},
    ),
    takeFetched: assign(({ context }, page: ListPage) => fetchedKept(context, page)),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
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
    takeData: assign(({ context }, page: ListPage) => ({
      data: page,
      cursor: clampCursor(context.cursor, page.results.length),
    })),
  },
}).createMachine({
  id: "pagedList",
  context: ({ input }) => ({
    source: input.source,
    query: input.query,
    data: null,
    error: null,
    marks: {},
    kept: [],
    stale: false,
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
    "list.assignee": {
      guard: ({ context, event }) => (context.query.assignee ?? "all") !== event.assignee,
      target: ".loading",
      reenter: true,
      actions: assign({ query: ({ context, event }) => withAssignee(context.query, event.assignee) }),
    },
    "list.waiting": {
      guard: ({ context, event }) => (context.query.waiting ?? "all") !== event.waiting,
      target: ".loading",
      reenter: true,
      actions: assign({ query: ({ context, event }) => withWaiting(context.query, event.waiting) }),
    },
    // The row changes where it stands; a filtered list is not reloaded under the user's eyes. On a Mine or
    // Unassigned list, the record.changed the claim also makes (list.remoteChanged) takes it out when it no
    // longer matches.
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
    "list.filter": {
      target: ".loading",
      reenter: true,
      actions: assign({
        query: ({ context, event }) => withFilters(context.query, event.filters),
        cursor: null,
      }),
    },
    "list.recordsChanged": {
      guard: ({ context, event }) => event.source === context.source,
      target: ".loading",
      reenter: true,
    },
    "list.keep": { actions: assign({ kept: ({ event }) => event.uuids }) },
  },
  states: {
    loading: {
      entry: assign({ error: null, stale: false }),
      on: { "list.remoteChanged": LIVE_WHEN_BUSY["list.remoteChanged"] },
      invoke: {
        id: "fetchPage",
        src: "fetchPage",
        input: ({ context }) => ({ source: context.source, query: context.query }),
        onDone: [
          // What it loaded may predate a change heard meanwhile.
          {
            guard: "isStale",
            target: "refreshing",
            actions: [{ type: "takeFetched", params: ({ event }) => event.output }, "announceHeld"],
          },
          {
            guard: { type: "isEmpty", params: ({ event }) => event.output },
            target: "empty",
            actions: [{ type: "takeData", params: ({ event }) => event.output }, "announceHeld"],
          },
          {
            target: "ready",
            actions: [{ type: "takeData", params: ({ event }) => event.output }, "announceHeld"],
          },
        ],
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => failureText(event.error, LIST_LOAD_FAILED), stale: false }),
        },
      },
    },
    // The rows stay on screen while the keys go on; the last keystroke's delay applies the search. A change
    // heard meanwhile is applied, and the load that follows is marked stale.
    typing: {
      on: LIVE_WHEN_BUSY,
      after: { listSearchDebounce: { target: "loading", actions: "applyDraft" } },
    },
    ready: { on: LIVE_WHEN_SETTLED },
    empty: { on: LIVE_WHEN_SETTLED },
    refreshing: REFRESHING,
    failed: { on: { "list.retry": "loading", "list.refresh": "loading" } },
  },
})

/** How many pages the list has at the page size it was fetched with (at least one). */
export const pageCount = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize))
