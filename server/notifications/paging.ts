// `{count, next, previous, results}` with relative links: the same path and query with another `page`, so
// a client follows `next` as is, whichever host or proxy it reached the API through.
import type { FastifyRequest } from "fastify"
import type { Notification, NotificationPage } from "../../src/schema/notifications/notifications"
import type { NotificationList } from "./queries"

const linkTo = (req: FastifyRequest, page: number): string => {
  const url = new URL(req.url, "http://relative.invalid")
  url.searchParams.set("page", String(page))
  return `${url.pathname}?${url.searchParams.toString()}`
}

export function notificationPage(req: FastifyRequest, list: NotificationList): NotificationPage {
  const lastPage = Math.max(1, Math.ceil(list.count / list.pageSize))
  const results: ReadonlyArray<Notification> = list.results
  return {
    count: list.count,
    next: list.page < lastPage ? linkTo(req, list.page + 1) : null,
    // Past the end (the list shrank while someone paged), `previous` leads back to the last real page.
    previous: list.page > 1 ? linkTo(req, Math.min(list.page - 1, lastPage)) : null,
    results,
  }
}
