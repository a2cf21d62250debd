import { type SqlBool, sql } from "kysely"
import type { FacetCount, Facets } from "../../../src/schema/marketplace/facets"
import type { FacetName } from "../../../src/schema/marketplace/record-filters"
import type { Db } from "../db"
import { facetColumn, type RecordView, viewConditions } from "./record-filter-sql"
import type { RecordCore, RecordKindEntry } from "./record-kind"

// The counts beside a list's filters (docs/behaviour.md#filters): per value, the records of the list that
// carry it with every other filter applied, most first. An area list is long-tailed: the first
// FACET_VALUES_SHOWN are counted.

const FACET_VALUES_SHOWN = 100

async function facetCounts(
  db: Db,
  entry: Pick<RecordKindEntry<RecordCore, unknown, unknown>, "table" | "requestKind">,
  view: RecordView & { readonly status?: string | undefined },
  viewerId: number | null,
  facet: FacetName,
): Promise<FacetCount[]> {
  const where: Array<ReturnType<typeof sql<SqlBool>>> = [
    ...viewConditions(entry.table, view, viewerId, facet),
  ]
  if (entry.requestKind !== null) where.push(sql<SqlBool>`kind = ${entry.requestKind}`)
  if (view.status !== undefined) where.push(sql<SqlBool>`status = ${view.status}`)
  const condition = where.length === 0 ? sql`true` : sql.join(where, sql` and `)
  const column = sql.ref(facetColumn(entry.table, facet))
  const table = sql.table(entry.table)
  const rows =
    entry.table === "service_request"
      ? await sql<{ value: string; n: string | number }>`
          select ${column} as value, count(*) as n from ${table} where ${condition}
          group by 1 order by 2 desc, 1 limit ${FACET_VALUES_SHOWN}`.execute(db)
      : await sql<{ value: string; n: string | number }>`
          select v as value, count(*) as n from ${table} cross join lateral unnest(${column}) as v
          where ${condition} group by 1 order by 2 desc, 1 limit ${FACET_VALUES_SHOWN}`.execute(db)
  return rows.rows.map((r) => ({ value: r.value, count: Number(r.n) }))
}

export async function recordFacets(
  db: Db,
  entry: Pick<RecordKindEntry<RecordCore, unknown, unknown>, "table" | "requestKind">,
  view: RecordView & { readonly status?: string | undefined },
  viewerId: number | null,
): Promise<Facets> {
  const [area, service] = await Promise.all([
    facetCounts(db, entry, view, viewerId, "area"),
    facetCounts(db, entry, view, viewerId, "service"),
  ])
  if (entry.table !== "service_request") return { area, service }
  return { urgency: await facetCounts(db, entry, view, viewerId, "urgency"), area, service }
}
