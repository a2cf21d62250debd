import { Effect } from "effect"
import { fromCallback, fromPromise } from "xstate"
import { oldestPosition } from "../../machines/live/held-position"
import type { NotificationFilters } from "../../machines/notifications/notification-list"
import type { Write } from "../../machines/notifications/notification-writes"
import { notificationsMachine } from "../../machines/notifications/notifications.machine"
import type {
  CatchUp,
  CatchUpInput,
  FirstPage,
  NotificationsEvent,
} from "../../machines/notifications/notifications-context"
import { COALESCE, type ToastPlan } from "../../machines/notifications/toast-coalesce"
import type { Notification, NotificationPage, UnreadCount } from "../../schema/notifications/notifications"
import { toast } from "../shell/toasts"
import type { Api } from "../system/api-client"
import { archive, markUnread, unarchive } from "./inbox-api"
import { NotificationsApi } from "./notifications-api"

// The notifications machine with its IO: each actor one NotificationsApi call, each announcement a sonner
// toast.

type Run = <A, E>(effect: Effect.Effect<A, E, NotificationsApi | Api>) => Promise<A>

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

/** The call a queued write makes; each answers with the unread count after it. */
const writeCall = (
  write: Write,
): Effect.Effect<{ readonly unread_count: number }, unknown, NotificationsApi | Api> => {
  switch (write.kind) {
    case "all":
      return NotificationsApi.use((a) => a.markAllRead)
    case "one":
      return NotificationsApi.use((a) => a.markRead(write.id))
    case "unread":
      return markUnread(write.id)
    case "archive":
      return archive(write.id)
    case "unarchive":
      return unarchive(write.id)
  }
}

/** The two answers as one: the position both reflect is the older one's (none if either lacks it). */
const firstPage = (page: NotificationPage, count: UnreadCount): FirstPage => {
  const held = oldestPosition([page, count])
  return held === undefined
    ? { page, unread: count.unread_count }
    : { page, unread: count.unread_count, live_position: held }
}

export function provideNotifications(run: Run) {
  const api = <A>(f: (a: NotificationsApi["Service"]) => Effect.Effect<A, unknown>) =>
    run(NotificationsApi.use(f))
  return notificationsMachine.provide({
    actors: {
      loadFirst: fromPromise<FirstPage, { filters: NotificationFilters }>(({ input }) =>
        api((a) =>
          Effect.all(
            { page: a.page({ ...input.filters, page: 1 }), count: a.unreadCount },
            { concurrency: 2 },
          ).pipe(Effect.map(({ page, count }) => firstPage(page, count))),
        ),
      ),
      loadMore: fromPromise<NotificationPage, { filters: NotificationFilters; page: number }>(({ input }) =>
        api((a) => a.page({ ...input.filters, page: input.page })),
      ),
      catchUp: fromPromise<CatchUp, CatchUpInput>(({ input }) =>
        api((a) =>
          Effect.all(
            {
              items: a.page({ since_id: input.sinceId }).pipe(Effect.map((p) => p.results)),
              unread: input.recount
                ? a.unreadCount.pipe(Effect.map((c) => c.unread_count))
                : Effect.succeed(null),
            },
            { concurrency: 2 },
          ),
        ),
      ),
      write: fromPromise<{ unread: number }, Write>(({ input }) =>
        run(Effect.map(writeCall(input), (r) => ({ unread: r.unread_count }))),
      ),
      loadDetail: fromPromise<Notification, { id: number }>(({ input }) => api((a) => a.detail(input.id))),
      clock,
    },
    actions: {
      showToasts: (_, params) => {
        for (const plan of params.plans) showToast(plan)
      },
    },
  })
}
