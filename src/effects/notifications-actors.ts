import { Effect } from "effect"
import { fromCallback, fromPromise } from "xstate"
import { SOCKET } from "../constants"
import type { NotificationFilters } from "../machines/notification-list"
import { notificationsMachine } from "../machines/notifications.machine"
import type { CatchUp, FirstPage, NotificationsEvent, Write } from "../machines/notifications-context"
import { socketMachine } from "../machines/socket.machine"
import { COALESCE, type ToastPlan } from "../machines/toast-coalesce"
import type { Notification, NotificationPage } from "../schema/notifications"
import type { ConfigShape } from "./config"
import type { NotificationSocket } from "./notification-socket"
import { NotificationsApi } from "./notifications-api"
import { slowRetryDelay, socketConnection, watchWake } from "./socket-actors"
import { toast } from "./toasts"

// The notifications and socket machines with their IO: each actor one NotificationsApi call (or the
// socket), each announcement a sonner toast.

type Run = <A, E>(effect: Effect.Effect<A, E, NotificationsApi | NotificationSocket>) => Promise<A>

/** Relative times only need minute precision; a faster tick would re-render the list for nothing. */
const CLOCK_TICK_MS = 30_000

const clock = fromCallback<NotificationsEvent>(({ sendBack }) => {
  sendBack({ type: "notifications.tick", now: Date.now() })
  const id = setInterval(() => sendBack({ type: "notifications.tick", now: Date.now() }), CLOCK_TICK_MS)
  return () => clearInterval(id)
})

const showToast = (plan: ToastPlan) => {
  // A burst reuses one toast id, so sonner updates the same toast instead of stacking new ones.
  if (plan.kind === "burst") toast.success(plan.text, { id: COALESCE.toastId })
  else toast.success(plan.title)
}

export function provideNotifications(run: Run, config: ConfigShape) {
  const api = <A>(f: (a: NotificationsApi["Service"]) => Effect.Effect<A, unknown>) =>
    run(NotificationsApi.use(f))
  return {
    notifications: notificationsMachine.provide({
      actors: {
        loadFirst: fromPromise<FirstPage, { filters: NotificationFilters }>(({ input }) =>
          api((a) =>
            Effect.all(
              { page: a.page({ ...input.filters, page: 1 }), unread: a.unreadCount },
              { concurrency: 2 },
            ),
          ),
        ),
        loadMore: fromPromise<NotificationPage, { filters: NotificationFilters; page: number }>(({ input }) =>
          api((a) => a.page({ ...input.filters, page: input.page })),
        ),
        catchUp: fromPromise<CatchUp, { sinceId: number }>(({ input }) =>
          api((a) =>
            Effect.all(
              {
                items: a.page({ since_id: input.sinceId }).pipe(Effect.map((p) => p.results)),
                unread: a.unreadCount,
              },
              { concurrency: 2 },
            ),
          ),
        ),
        write: fromPromise<{ unread: number }, Write>(({ input }) =>
          api((a) =>
            Effect.map(
              input.kind === "all" ? a.markAllRead : a.markRead(input.id),
              (r: { unread_count: number }) => ({
                unread: r.unread_count,
              }),
            ),
          ),
        ),
        loadDetail: fromPromise<Notification, { id: number }>(({ input }) => api((a) => a.detail(input.id))),
        clock,
      },
      actions: {
        showToasts: (_, params) => {
          for (const plan of params.plans) showToast(plan)
        },
      },
    }),
    socket: socketMachine.provide({
      actors: { connection: socketConnection(run), watchWake },
      delays: { slowRetry: slowRetryDelay(config.socketSlowRetryMs ?? SOCKET.slowRetryMs) },
    }),
  }
}
