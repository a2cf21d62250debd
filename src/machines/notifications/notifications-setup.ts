import { assign, enqueueActions, fromCallback, fromPromise, setup, stateIn } from "xstate"
import type { Notification, NotificationPage } from "../../schema/notifications/notifications"
import { heldFact } from "../live/held-position"
import type { LiveFact, NotificationsFact } from "../system/facts"
import { type Arrival, intake } from "./notification-intake"
import type { NotificationFilters } from "./notification-list"
import { changeOf, needsCall, optimistic, type Write } from "./notification-writes"
import {
  type CatchUp,
  type CatchUpInput,
  type FirstPage,
  fresh,
  type NotificationsContext,
  type NotificationsEvent,
} from "./notifications-context"
import type { ToastPlan } from "./toast-coalesce"

// The notifications machine's named pieces: the actors it invokes (provided from src/effects), its guards,
// and the actions that change the count, the highest id seen and the list, each of which publishes what it
// changed, once. The chart's regions (notifications-*-states.ts) and notifications.machine.ts are built on it.

const provided = (): never => {
  throw new Error("provided by src/effects/notifications/notifications.actors.ts")
}

export const notificationsSetup = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    emitted: {} as NotificationsFact | LiveFact,
  },
  actors: {
    loadFirst: fromPromise<FirstPage, { filters: NotificationFilters }>(async () => provided()),
    loadMore: fromPromise<NotificationPage, { filters: NotificationFilters; page: number }>(async () =>
      provided(),
    ),
    catchUp: fromPromise<CatchUp, CatchUpInput>(async () => provided()),
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
    connectedMeanwhile: stateIn({ active: { sync: "awaitingList" } }),
  },
  actions: {
    /** Runs before takeArrivals, on the same context, so both read the same "unseen" set. */
    showToasts: (_, _params: { plans: ReadonlyArray<ToastPlan> }) => {},
    /**
     * The count as the server gave it, published when it changed. A reset and an optimistic write change the
     * count too, and publish it the same way.
     */
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
    /** The first page and count reflect a live position: the socket resumes from it (docs/behaviour.md#catching-up). */
    announceHeld: enqueueActions(({ enqueue }, first: FirstPage) => {
      const fact = heldFact(first)
      if (fact) enqueue.emit(fact)
    }),
    /** The list is its first page again (of the tab shown). */
    takeFirstPage: assign((_, page: NotificationPage) => ({
      items: [...page.results],
      page: 1,
      hasMore: page.next !== null,
      moreFailed: false,
    })),
    reset: enqueueActions(({ context, enqueue }) => {
      // Which tab is in use outlives a sign-out: it is the browser's, not the session's.
      enqueue.assign(() => ({ ...fresh(), toastHere: context.toastHere }))
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
})
