import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { inboxPageMachine, type LoadInboxInput } from "../../machines/notifications/inbox-page.machine"
import type { NotificationPage } from "../../schema/notifications/notifications"
import { NotificationsApi } from "./notifications-api"

// The inbox page's machine with its IO: each page of the inbox one NotificationsApi call.

type Run = <A, E>(effect: Effect.Effect<A, E, NotificationsApi>) => Promise<A>

export function provideInboxPage(run: Run) {
  return inboxPageMachine.provide({
    actors: {
      loadPage: fromPromise<NotificationPage, LoadInboxInput>(({ input }) =>
        run(
          NotificationsApi.use((a) =>
            a.page({
              ...input.query.filters,
              ...(input.query.view === "archived" ? { archived: "true" as const } : {}),
              page: input.page,
            }),
          ),
        ),
      ),
    },
  })
}
