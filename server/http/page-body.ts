import type { FastifyRequest } from "fastify"
import type { ListResult, PageWindow } from "../paging"

// `{count, next, previous, results}`, the one page shape of every list. The links are relative: this
// request's path and query with another `page` (always written, page 1 included), so a client follows
// `next` as is, whichever host or proxy it reached the API through, and a Host header proves nothing.

export interface PageBody<T> {
  readonly count: number
  readonly next: string | null
  readonly previous: string | null
  readonly results: ReadonlyArray<T>
}

const linkTo = (req: FastifyRequest, page: number): string => {
  const url = new URL(req.url, "http://relative.invalid")
  url.searchParams.set("page", String(page))
  return `${url.pathname}?${url.searchParams.toString()}`
}

export function pageBody<T>(
  req: FastifyRequest,
  window: Pick<PageWindow, "page" | "pageSize">,
  list: ListResult<T>,
): PageBody<T> {
  const lastPage = Math.max(1, Math.ceil(list.count / window.pageSize))
  return {
    count: list.count,
    next: window.page < lastPage ? linkTo(req, window.page + 1) : null,
    // Past the end (the list shrank while someone paged), `previous` leads back to the last real page.
    previous: window.page > 1 ? linkTo(req, Math.min(window.page - 1, lastPage)) : null,
    results: list.results,
  }
}
