import { MARKETPLACE_LIMITS } from "../../src/schema/marketplace/marketplace"

// What every marketplace list shares: the page window and the `ordering` parameter ("-field" descending).

export interface ListResult<T> {
  readonly count: number
  readonly results: ReadonlyArray<T>
}

export interface PageWindow {
  readonly page: number
  readonly pageSize: number
  readonly limit: number
  readonly offset: number
}

export const pageWindow = (page: number | undefined, pageSize: number | undefined): PageWindow => {
  const p = page ?? 1
  const size = pageSize ?? MARKETPLACE_LIMITS.defaultPageSize
  return { page: p, pageSize: size, limit: size, offset: (p - 1) * size }
}

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
