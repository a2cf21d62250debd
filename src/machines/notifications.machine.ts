import { assign, emit, enqueueActions, fromCallback, fromPromise, not, raise, setup, stateIn } from "xstate"
import type { Notification, NotificationPage } from "../schema/notifications"
import type { NotificationsFact } from "./facts"
import { type Arrival, intake } from "./notification-intake"
import { applyChange, type NotificationFilters, newestId, withNextPage } from "./notification-list"
import { changeOf, needsCall, optimistic, type Write } from "./notification-writes"
import {
  type BellTab,
  type CatchUp,
  type FirstPage,
  fresh,
  type NotificationsContext,
  type NotificationsEvent,
} from "./notifications-context"
import type { ToastPlan } from "./toast-coalesce"

// The bell and the user's notification state: the bell's paged list (its own tab, All or Unread), the unread
// count, live items merged by id, optimistic reads, unreads and archiving confirmed one at a time, the open
// notification, and the toasts new items announce. Every call is an actor provided from src/effects; the
// socket's frames arrive through the bus. It publishes what changed: items new to the user, each read, unread
// or archive (from here or elsewhere: the notifications page's own list follows them), a refused write, the
// unread count, and the highest id seen (which a push toast must not announce again).

/** Push toasts remembered for de-duplication; the socket delivers within seconds, so a few suffice. */
const TOASTED_KEPT = 100

export const LOAD_FAILED = "Error loading notifications. Please try again."

const TAB_FILTERS: Record<BellTab, NotificationFilters> = { all: {}, unread: { is_read: "false" } }

const provided = (): never => {
  throw new Error("provided by src/effects/notifications-actors.ts")
}

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    emitted: {} as NotificationsFact,
  },
  actors: {
    loadFirst: fromPromise<FirstPage, { filters: NotificationFilters }>(async () => provided()),
    loadMore: fromPromise<NotificationPage, { filters: NotificationFilters; page: number }>(async () =>
      provided(),
    ),
    catchUp: fromPromise<CatchUp, { sinceId: number }>(async () => provided()),
    write: fromPromise<{ unread: number }, Write>(async () => provided()),
    loadDetail: fromPromise<Notification, { id: number }>(async () => provided()),
    clock: fromCallback<NotificationsEvent>(() => () => {}),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    hasQueuedWrite: ({ context }) => context.queue.length > 0,
    hasUnread: ({ context }) => context.unread > 0 || context.items.some((n) => !n.is_read),
    firstPageLoading: stateIn({ active: { list: "loading" } }),
    firstPageFailed: stateIn({ active: { list: "failed" } }),
  },
  actions: {
    /** Runs before takeNew, on the same context, so both read the same "unseen" set. */
    showToasts: (_, _params: { plans: ReadonlyArray<ToastPlan> }) => {},
    /** Every change of the count goes through here, so that each one is published once. */
    setUnread: enqueueActions(({ context, enqueue }, params: { unread: number }) => {
      if (params.unread === context.unread) return
      enqueue.assign({ unread: params.unread })
      enqueue.emit({ type: "notifications.unreadChanged", unread: params.unread })
    }),
    /** The highest id seen grew: a push toast for any id up to it would repeat what this tab has shown. */
    setNewestSeen: enqueueActions(({ context, enqueue }, params: { newestId: number }) => {
      if (params.newestId <= context.newestSeen) return
      enqueue.assign({ newestSeen: params.newestId })
      enqueue.emit({ type: "notifications.seen", newestId: params.newestId })
    }),
    reset: enqueueActions(({ context, enqueue }) => {
      enqueue.assign(() => fresh())
      if (context.unread !== 0) enqueue.emit({ type: "notifications.unreadChanged", unread: 0 })
    }),
    /**
     * Merges a batch of arriving items (live or caught up) and publishes the ones new to the user; already-seen
     * ids change nothing. Runs after showToasts, which reads the same "unseen" set from the same context.
     */
    takeArrivals: enqueueActions(({ context, enqueue }, params: Arrival) => {
      const { plans: _plans, arrived, newestSeen, ...next } = intake(context, params)
      enqueue.assign(next)
      for (const notification of arrived) enqueue.emit({ type: "notification.arrived", notification })
      if (newestSeen > context.newestSeen) {
        enqueue.assign({ newestSeen })
        enqueue.emit({ type: "notifications.seen", newestId: newestSeen })
      }
    }),
    /** Applies a write at once, queues its call, and tells the other lists what changed. */
    optimistic: enqueueActions(({ context, enqueue }, write: Write) => {
      const next = optimistic(context, write)
      if (next.unread !== context.unread) {
        enqueue.assign({ unread: next.unread })
        enqueue.emit({ type: "notifications.unreadChanged", unread: next.unread })
      }
      enqueue.assign({
        items: next.items,
        detail: next.detail,
        queue: needsCall(context, write) ? [...context.queue, write] : context.queue,
      })
      enqueue.emit({
        type: "notifications.changed",
        id: write.kind === "all" ? "all" : write.id,
        change: changeOf(write),
      })
    }),
  },
}).createMachine({
  id: "notifications",
  context: fresh,
  initial: "idle",
  states: {
    idle: { on: { "notifications.start": "active" } },
    active: {
      type: "parallel",
      invoke: { id: "clock", src: "clock" },
      on: {
        "notifications.stop": { target: "idle", actions: "reset" },
        "notifications.tick": { actions: assign({ now: ({ event }) => event.now }) },
        "notifications.count": {
          actions: { type: "setUnread", params: ({ event }) => ({ unread: event.unread }) },
        },
        "notifications.live": {
          actions: [
            {
              type: "showToasts",
              params: ({ context, event }) => intake(context, { items: [event.notification], at: event.at }),
            },
            { type: "takeArrivals", params: ({ event }) => ({ items: [event.notification], at: event.at }) },
            { type: "setUnread", params: ({ event }) => ({ unread: event.unread }) },
          ],
        },
        "notifications.toasted": {
          guard: ({ context, event }) => !context.toasted.includes(event.id),
          actions: assign({
            toasted: ({ context, event }) => [...context.toasted, event.id].slice(-TOASTED_KEPT),
          }),
        },
        "notifications.readElsewhere": {
          actions: [
            assign({ items: ({ context, event }) => applyChange(context.items, event.id, "read") }),
            emit(({ event }) => ({ type: "notifications.changed", id: event.id, change: "read" as const })),
          ],
        },
        "notifications.changedElsewhere": {
          actions: [
            assign({ items: ({ context, event }) => applyChange(context.items, event.id, event.change) }),
            emit(({ event }) => ({ type: "notifications.changed", id: event.id, change: event.change })),
          ],
        },
        "notifications.markRead": {
          actions: { type: "optimistic", params: ({ event }) => ({ kind: "one", id: event.id }) },
        },
        "notifications.markUnread": {
          actions: { type: "optimistic", params: ({ event }) => ({ kind: "unread", id: event.id }) },
        },
        "notifications.archive": {
          actions: { type: "optimistic", params: ({ event }) => ({ kind: "archive", id: event.id }) },
        },
        "notifications.unarchive": {
          actions: { type: "optimistic", params: ({ event }) => ({ kind: "unarchive", id: event.id }) },
        },
        // Nothing unread: nothing to send.
        "notifications.markAllRead": {
          guard: "hasUnread",
          actions: { type: "optimistic", params: { kind: "all" } },
        },
        "notifications.tab": {
          guard: ({ context, event }) => context.filters.is_read !== TAB_FILTERS[event.tab].is_read,
          target: ".list.loading",
          actions: assign({ filters: ({ event }) => TAB_FILTERS[event.tab] }),
        },
        "notifications.refetch": { target: ".list.loading" },
      },
      states: {
        list: {
          initial: "loading",
          states: {
            loading: {
              invoke: {
                id: "loadFirst",
                src: "loadFirst",
                input: ({ context }) => ({ filters: context.filters }),
                onDone: {
                  target: "ready",
                  actions: [
                    assign(({ event }) => ({
                      items: [...event.output.page.results],
                      page: 1,
                      hasMore: event.output.page.next !== null,
                      moreFailed: false,
                    })),
                    { type: "setUnread", params: ({ event }) => ({ unread: event.output.unread }) },
                    {
                      type: "setNewestSeen",
                      params: ({ event }) => ({ newestId: newestId(event.output.page.results) ?? 0 }),
                    },
                  ],
                },
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
        },
        sync: {
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
                input: ({ context }) => ({ sinceId: context.newestSeen }),
                onDone: {
                  target: "idle",
                  actions: [
                    {
                      type: "showToasts",
                      params: ({ context, event }) =>
                        intake(context, { items: event.output.items, at: context.now }),
                    },
                    {
                      type: "takeArrivals",
                      params: ({ context, event }) => ({ items: event.output.items, at: context.now }),
                    },
                    { type: "setUnread", params: ({ event }) => ({ unread: event.output.unread }) },
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
                actions: { type: "setUnread", params: ({ event }) => ({ unread: event.unread }) },
              },
              {
                target: ".catchingUp",
                actions: { type: "setUnread", params: ({ event }) => ({ unread: event.unread }) },
              },
            ],
          },
        },
        writes: {
          initial: "idle",
          states: {
            idle: { always: { guard: "hasQueuedWrite", target: "writing" } },
            writing: {
              invoke: {
                id: "write",
                src: "write",
                input: ({ context }) => context.queue[0] ?? { kind: "all" },
                onDone: {
                  target: "idle",
                  actions: [
                    // A later optimistic read is still in flight: its own answer will carry the count.
                    {
                      type: "setUnread",
                      params: ({ context, event }) => ({
                        unread: context.queue.length === 1 ? event.output.unread : context.unread,
                      }),
                    },
                    assign({ queue: ({ context }) => context.queue.slice(1) }),
                  ],
                },
                // The optimistic state is wrong: the server's lists and count replace it
                // (docs/behaviour.md#notifications).
                onError: {
                  target: "idle",
                  actions: [
                    assign({ queue: [] }),
                    emit({ type: "notifications.writeFailed" }),
                    raise({ type: "notifications.refetch" }),
                  ],
                },
              },
            },
          },
        },
        detail: {
          initial: "none",
          on: { "notifications.open": { target: ".loading", actions: assign({ detail: null }) } },
          states: {
            none: {},
            loading: {
              invoke: {
                id: "loadDetail",
                src: "loadDetail",
                input: ({ event }) => ({ id: event.type === "notifications.open" ? event.id : 0 }),
                onDone: {
                  target: "shown",
                  // Opening a notification reads it.
                  actions: [
                    assign({ detail: ({ event }) => event.output }),
                    raise(({ event }) => ({ type: "notifications.markRead", id: event.output.id })),
                  ],
                },
                onError: "failed",
              },
            },
            shown: {},
            failed: {},
          },
        },
      },
    },
  },
})
