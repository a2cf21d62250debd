import type { OrderByModifiers } from "kysely"
import { MARKETPLACE_LIMITS } from "../../src/schema/marketplace/marketplace"
import { type PageWindow, pageWindow } from "../paging"

// What every marketplace list shares: the page size and the `ordering` parameter ("-field" descending).

/** The page a marketplace list query asks for. */
export const marketplaceWindow = (query: {
  readonly page?: number | undefined
  readonly page_size?: number | undefined
}): PageWindow => pageWindow(query.page, query.page_size, MARKETPLACE_LIMITS.defaultPageSize)

export interface OrderColumn<C extends string> {
  readonly column: C
  /** Rows without a value go last in both directions. */
  readonly nullable?: boolean
}

export interface OrderBy<C extends string> {
  readonly column: C
  readonly direction: "asc" | "desc"
  readonly nullsLast: boolean
}

/**
 * `ordering` has been decoded against the allowed fields already; this maps the field to its column.
 * Only a nullable column asks for NULLS LAST when descending: on a NOT NULL column the clause would stop
 * PostgreSQL from reading the index backwards.
 */
export const orderBy = <F extends string, C extends string>(
  ordering: string,
  columns: Readonly<Record<F, OrderColumn<C>>>,
): OrderBy<C> => {
  const desc = ordering.startsWith("-")
  const { column, nullable } = columns[(desc ? ordering.slice(1) : ordering) as F]
  return { column, direction: desc ? "desc" : "asc", nullsLast: desc && nullable === true }
}

/** The direction of the order's column, with NULLS LAST where `orderBy` asks for it. */
export const orderDirection = (order: OrderBy<string>): OrderByModifiers =>
  order.nullsLast ? (ob) => ob.desc().nullsLast() : order.direction
