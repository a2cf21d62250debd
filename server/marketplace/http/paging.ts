import type { FastifyRequest } from "fastify"
import type { ListResult, PageWindow } from "../list-query"

// `{count, next, previous, results}` with absolute links, as the notification pages have them: the same
// path and query with another `page`, so a client follows `next` without rebuilding the query.

export interface PageBody<T> {
  readonly count: number
  readonly next: string | null
  readonly previous: string | null
  readonly results: ReadonlyArray<T>
}

/** This request's origin, or null when its Host header does not make one (a client can send anything there). */
const originOf = (req: FastifyRequest): string | null => {
  const origin = `${req.protocol}://${req.host}`
  if (!URL.canParse(origin)) return null
  return new URL(origin).host === req.host.toLowerCase() ? origin : null
}

const linkTo = (req: FastifyRequest, page: number): string => {
  const url = new URL(req.url, "http://path.invalid")
  if (page <= 1) url.searchParams.delete("page")
  else url.searchParams.set("page", String(page))
  const path = `${url.pathname}${url.search}`
  // Absolute as the marketplace pages have always been; relative rather than a 500 for an unusable Host.
  return `${originOf(req) ?? ""}${path}`
}

export function pageBody<T>(req: FastifyRequest, window: PageWindow, result: ListResult<T>): PageBody<T> {
  const lastPage = Math.max(1, Math.ceil(result.count / window.pageSize))
  return {
    count: result.count,
    next: window.page < lastPage ? linkTo(req, window.page + 1) : null,
    // Past the end (the list shrank while someone paged), `previous` leads back to the last real page.
    previous: window.page > 1 ? linkTo(req, Math.min(window.page - 1, lastPage)) : null,
    results: result.results,
  }
}
