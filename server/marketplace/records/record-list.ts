import { sql } from "kysely"
import type { Facets } from "../../../src/schema/marketplace/facets"
import type {
  ApplicationListQuery,
  RequestListQuery,
} from "../../../src/schema/marketplace/marketplace-input"
import type { ListResult } from "../../paging"
import type { Db } from "../db"
import { marketplaceWindow, orderBy, orderDirection } from "../list-query"
import { recordFacets } from "./record-facets"
import { type DueClock, viewConditions } from "./record-filter-sql"
import type { RecordCore, RecordKindEntry } from "./record-kind"

// The paged list of any record kind: status, claim, search and the list's filters (./record-filter-sql), an
// `ordering`, and the page; with `facets=true` also the counts beside the filters.

export type RecordListQuery = RequestListQuery | ApplicationListQuery

/**
 * A pending list is a queue (oldest first), and so is the awaiting-providers one (longest approved first); a
 * decided list shows the latest decisions first.
 */
const defaultOrdering = (query: RecordListQuery): string =>
  "providers" in query && query.providers === "awaiting"
    ? "decided_at"
    : query.status === undefined
      ? "-submitted_at"
      : query.status === "pending"
        ? "submitted_at"
        : "-decided_at"

export async function listRecords<Row extends RecordCore, Item>(
  db: Db,
  entry: RecordKindEntry<Row, Item, unknown>,
  query: RecordListQuery,
  /** Whose "mine" is: the caller. */
  viewerId: number | null,
  /** What "due today" and "overdue" are measured against. */
  clock: DueClock,
): Promise<ListResult<Item> & { readonly facets?: Facets }> {
  let base = db.selectFrom(entry.table)
  if (entry.requestKind !== null) base = base.where("kind", "=", entry.requestKind)
  if (query.status !== undefined) base = base.where("status", "=", query.status)
  // Approved and nobody accepted (docs/behaviour.md#offers); only request tables have the column.
  if ("providers" in query && query.providers === "awaiting" && entry.requestKind !== null)
    base = base.where("status", "=", "approved").where(sql<boolean>`assigned_provider_id is null`)
  for (const condition of viewConditions(entry.table, query, viewerId, clock)) base = base.where(condition)

  const order = orderBy(query.ordering ?? defaultOrdering(query), entry.orderColumns)
  const window = marketplaceWindow(query)
  const [counted, page, facets] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select("id")
      .orderBy(order.column, orderDirection(order))
      .orderBy("id", order.direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    query.facets === "true" ? recordFacets(db, entry, query, viewerId, clock) : undefined,
  ])
  const counts = facets === undefined ? {} : { facets }
  if (page.length === 0) return { count: Number(counted.n), results: [], ...counts }
  // The page is read as ids, in order, then as the kind's own items.
  const results = await entry.itemsById(
    db,
    page.map((r) => r.id),
  )
  return { count: Number(counted.n), results, ...counts }
}
