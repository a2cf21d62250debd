import { assign, enqueueActions, fromPromise, setup } from "xstate"
import type { Notification, NotificationPage } from "../../schema/notifications/notifications"
import { heldFact } from "../live/held-position"
import type { LiveFact } from "../system/facts"
import { hasFilters, type InboxQuery, sameInboxQuery } from "./inbox-query"
import {
  applyChange,
  matchesFilters,
  mergeById,
  type NotificationChange,
  type NotificationFilters,
  withNextPage,
} from "./notification-list"

// The notifications page's own list: the inbox or the archive, with its filters, paged with 'Load More'. The
// bell keeps a list of its own (notifications.machine.ts), so a filter here never changes what the bell shows.
// It owns its query; the page mirrors it into the URL and feeds URL changes (reload, Back) back as
// `inbox.sync`. Reads, unreads and archiving are the notifications actor's to make (it holds the count and
// the write queue): their facts reach this list through the bus, as do new items and a refused write.

export interface InboxPageInput {
  readonly query: InboxQuery
}

export interface InboxPageContext {
  readonly query: InboxQuery
  readonly items: ReadonlyArray<Notification>
  /** The last page loaded; 'Load More' asks for the next. */
  readonly page: number
  readonly hasMore: boolean
  readonly moreFailed: boolean
}

export type InboxPageEvent =
  | { type: "inbox.sync"; query: InboxQuery }
  | { type: "inbox.filter"; filters: NotificationFilters }
  | { type: "inbox.clearFilters" }
  | { type: "inbox.loadMore" }
  | { type: "inbox.retry" }
  /** A write was refused (bus: notifications.writeFailed): the optimistic rows are wrong. */
  | { type: "inbox.refetch" }
  /** New to this tab (bus: notification.arrived). */
  | { type: "inbox.arrived"; notification: Notification }
  /** Read, unread, archived or unarchived, here or elsewhere (bus: notifications.changed). */
  | { type: "inbox.changed"; id: number | "all"; change: NotificationChange }

export interface LoadInboxInput {
  readonly query: InboxQuery
  readonly page: number
}

/** Provided for real in src/effects; tests replace it. */
const loadPage = fromPromise<NotificationPage, LoadInboxInput>(() =>
  Promise.reject(new Error("loadPage not provided")),
)

const isArchive = (query: InboxQuery) => query.view === "archived"

export const inboxPageMachine = setup({
  types: {
    context: {} as InboxPageContext,
    input: {} as InboxPageInput,
    events: {} as InboxPageEvent,
    emitted: {} as LiveFact,
  },
  actors: { loadPage },
  guards: {
    changesQuery: ({ context, event }) =>
      event.type === "inbox.sync" && !sameInboxQuery(context.query, event.query),
    filtered: ({ context }) => hasFilters(context.query.filters),
    hasMore: ({ context }) => context.hasMore,
    /** A live item belongs in the inbox when the filters would have returned it; never in the archive. */
    belongs: ({ context, event }) =>
      event.type === "inbox.arrived" &&
      !isArchive(context.query) &&
      matchesFilters(event.notification, context.query.filters),
    /** Archived elsewhere while the archive is shown (or unarchived while the inbox is): a row this list lacks. */
    joinsList: ({ context, event }) =>
      event.type === "inbox.changed" &&
      event.change === (isArchive(context.query) ? "archived" : "unarchived"),
  },
  actions: {
    /** The page reflects a live position: the socket resumes from it (docs/behaviour.md#catching-up). */
    announceHeld: enqueueActions(({ enqueue }, page: NotificationPage) => {
      const fact = heldFact(page)
      if (fact) enqueue.emit(fact)
    }),
    takeQuery: assign({
      query: ({ context, event }) => (event.type === "inbox.sync" ? event.query : context.query),
    }),
  },
}).createMachine({
  id: "inboxPage",
  context: ({ input }) => ({ query: input.query, items: [], page: 0, hasMore: false, moreFailed: false }),
  initial: "loading",
  // Any change of place reloads, whatever the list is doing; entering `loading` again restarts the fetch.
  on: {
    "inbox.sync": { guard: "changesQuery", target: ".loading", reenter: true, actions: "takeQuery" },
    "inbox.filter": {
      target: ".loading",
      reenter: true,
      actions: assign({ query: ({ context, event }) => ({ ...context.query, filters: event.filters }) }),
    },
    "inbox.clearFilters": {
      guard: "filtered",
      target: ".loading",
      reenter: true,
      actions: assign({ query: ({ context }) => ({ ...context.query, filters: {} }) }),
    },
    "inbox.refetch": { target: ".loading", reenter: true },
    "inbox.arrived": {
      guard: "belongs",
      actions: assign({ items: ({ context, event }) => mergeById(context.items, [event.notification]) }),
    },
    "inbox.changed": [
      { guard: "joinsList", target: ".loading", reenter: true },
      {
        actions: assign({
          items: ({ context, event }) =>
            applyChange(context.items, event.id, event.change, isArchive(context.query)),
        }),
      },
    ],
  },
  states: {
    loading: {
      invoke: {
        id: "loadPage",
        src: "loadPage",
        input: ({ context }) => ({ query: context.query, page: 1 }),
        onDone: {
          target: "ready",
          actions: [
            assign(({ event }) => ({
              items: [...event.output.results],
              page: 1,
              hasMore: event.output.next !== null,
              moreFailed: false,
            })),
            { type: "announceHeld", params: ({ event }) => event.output },
          ],
        },
        onError: "failed",
      },
    },
    ready: { on: { "inbox.loadMore": { guard: "hasMore", target: "loadingMore" } } },
    loadingMore: {
      invoke: {
        id: "loadMore",
        src: "loadPage",
        input: ({ context }) => ({ query: context.query, page: context.page + 1 }),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => withNextPage(context, event.output)),
        },
        onError: { target: "ready", actions: assign({ moreFailed: true }) },
      },
    },
    failed: { on: { "inbox.retry": "loading" } },
  },
})
