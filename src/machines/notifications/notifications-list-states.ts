import { assign, not } from "xstate"
import { toastsHere } from "./notification-intake"
import { type NotificationFilters, newestId, withNextPage } from "./notification-list"
import type { BellTab } from "./notifications-context"
import { notificationsSetup } from "./notifications-setup"

// The bell's list in the notifications machine: its first page (of the tab shown), 'Load More', and the
// catch-up that brings what arrived while the socket was away. Switching tabs or a refused write loads the
// first page again.

const TAB_FILTERS: Record<BellTab, NotificationFilters> = { all: {}, unread: { is_read: "false" } }

/** Taken by the whole `active` state, so that the list restarts whichever region is busy. */
export const listTransitions = notificationsSetup.createStateConfig({
  on: {
    "notifications.tab": {
      guard: ({ context, event }) => context.filters.is_read !== TAB_FILTERS[event.tab].is_read,
      target: ".list.loading",
      actions: assign({ filters: ({ event }) => TAB_FILTERS[event.tab] }),
    },
    "notifications.refetch": { target: ".list.loading" },
  },
}).on

export const listRegion = notificationsSetup.createStateConfig({
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadFirst",
        src: "loadFirst",
        input: ({ context }) => ({ filters: context.filters }),
        onDone: [
          {
            // The socket connected while this page was on its way: the connection's count, which the socket
            // keeps up to date, stands. The page's may have been read before the connection, missing a change
            // that the socket will not send again (docs/behaviour.md#catch-up).
            guard: "connectedMeanwhile",
            target: "ready",
            actions: [
              { type: "takeFirstPage", params: ({ event }) => event.output.page },
              { type: "announceHeld", params: ({ event }) => event.output },
              {
                type: "setNewestSeen",
                params: ({ event }) => ({ newestId: newestId(event.output.page.results) ?? 0 }),
              },
            ],
          },
          {
            target: "ready",
            actions: [
              { type: "takeFirstPage", params: ({ event }) => event.output.page },
              { type: "announceHeld", params: ({ event }) => event.output },
              { type: "setUnread", params: ({ event }) => ({ unread: event.output.unread }) },
              {
                type: "setNewestSeen",
                params: ({ event }) => ({ newestId: newestId(event.output.page.results) ?? 0 }),
              },
            ],
          },
        ],
        onError: "failed",
      },
    },
    ready: { on: { "notifications.loadMore": { guard: "hasMore", target: "loadingMore" } } },
    loadingMore: {
      invoke: {
        id: "loadMore",
        src: "loadMore",
        input: ({ context }) => ({ filters: context.filters, page: context.page + 1 }),
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => withNextPage(context, event.output)),
        },
        onError: { target: "ready", actions: assign({ moreFailed: true }) },
      },
    },
    failed: { on: { "notifications.retry": "loading" } },
  },
})

export const syncRegion = notificationsSetup.createStateConfig({
  initial: "idle",
  states: {
    idle: {},
    // Connected while the first page is on its way: that page holds everything up to its own query,
    // so the catch-up waits for it and then asks only for what came after, not for a second first
    // page (since_id=0). A first page that fails leaves the catch-up to its retry's next connection.
    awaitingList: {
      always: [
        { guard: "firstPageFailed", target: "idle" },
        { guard: not("firstPageLoading"), target: "catchingUp" },
      ],
    },
    catchingUp: {
      invoke: {
        id: "catchUp",
        src: "catchUp",
        // Only a later connection recounts: the first one follows the first page's count, read moments
        // before, and brought its own (docs/behaviour.md#catch-up). After an outage or with a new token,
        // notifications may have been read or created in the gap.
        input: ({ context }) => ({ sinceId: context.newestSeen, recount: context.connections > 1 }),
        onDone: {
          target: "idle",
          actions: [
            {
              type: "showToasts",
              params: ({ context, event }) =>
                toastsHere(context, { items: event.output.items, at: context.now }),
            },
            {
              type: "takeArrivals",
              params: ({ context, event }) => ({ items: event.output.items, at: context.now }),
            },
            // Not recounted: the count the connection brought stands (an unchanged count publishes nothing).
            {
              type: "setUnread",
              params: ({ context, event }) => ({ unread: event.output.unread ?? context.unread }),
            },
          ],
        },
        // The count from the connection stands; the next reconnect catches up again.
        onError: "idle",
      },
    },
  },
  on: {
    // Not `reenter`: from a region of the parallel `active`, a re-entering transition exits and
    // re-enters every region, and the list would go back to its first page on each (re)connection
    // (every token refresh restarts the socket). Targeting the child restarts a running catch-up.
    "notifications.connected": [
      {
        guard: "firstPageLoading",
        target: ".awaitingList",
        actions: [
          { type: "setUnread", params: ({ event }) => ({ unread: event.unread }) },
          assign({ connections: ({ context }) => context.connections + 1 }),
        ],
      },
      {
        target: ".catchingUp",
        actions: [
          { type: "setUnread", params: ({ event }) => ({ unread: event.unread }) },
          assign({ connections: ({ context }) => context.connections + 1 }),
        ],
      },
    ],
  },
})
