import { type SqlBool, sql } from "kysely"
import type { FacetCount, Facets } from "../../../src/schema/marketplace/facets"
import type { FacetName } from "../../../src/schema/marketplace/record-filters"
import type { Db } from "../db"
import {
  type DueClock,
  dueCondition,
  facetColumn,
  type RecordView,
  viewConditions,
} from "./record-filter-sql"
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
  clock: DueClock,
  facet: FacetName,
): Promise<FacetCount[]> {
  const condition = conditionsBut(entry, view, viewerId, clock, facet)
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

/** Every condition of the list but one filter's own. */
function conditionsBut(
  entry: Pick<RecordKindEntry<RecordCore, unknown, unknown>, "table" | "requestKind">,
  view: RecordView & { readonly status?: string | undefined },
  viewerId: number | null,
  clock: DueClock,
  except: FacetName | "due",
) {
  const where: Array<ReturnType<typeof sql<SqlBool>>> = [
    ...viewConditions(entry.table, view, viewerId, clock, except),
  ]
  if (entry.requestKind !== null) where.push(sql<SqlBool>`kind = ${entry.requestKind}`)
  if (view.status !== undefined) where.push(sql<SqlBool>`status = ${view.status}`)
  return where.length === 0 ? sql`true` : sql.join(where, sql` and `)
}

/** How many of the list's records, every other filter applied, are due today and overdue. */
async function dueCounts(
  db: Db,
  entry: Pick<RecordKindEntry<RecordCore, unknown, unknown>, "table" | "requestKind">,
  view: RecordView & { readonly status?: string | undefined },
  viewerId: number | null,
  clock: DueClock,
): Promise<FacetCount[]> {
  const { rows } = await sql<{ today: string | number; overdue: string | number }>`
    select count(*) filter (where ${dueCondition("today", clock)}) as today,
      count(*) filter (where ${dueCondition("overdue", clock)}) as overdue
    from ${sql.table(entry.table)} where ${conditionsBut(entry, view, viewerId, clock, "due")}`.execute(db)
  return [
    { value: "today", count: Number(rows[0]?.today ?? 0) },
    { value: "overdue", count: Number(rows[0]?.overdue ?? 0) },
  ]
}

export async function recordFacets(
  db: Db,
  entry: Pick<RecordKindEntry<RecordCore, unknown, unknown>, "table" | "requestKind">,
  view: RecordView & { readonly status?: string | undefined },
  viewerId: number | null,
  clock: DueClock,
): Promise<Facets> {
  const [area, service, due] = await Promise.all([
    facetCounts(db, entry, view, viewerId, clock, "area"),
    facetCounts(db, entry, view, viewerId, clock, "service"),
    dueCounts(db, entry, view, viewerId, clock),
  ])
  if (entry.table !== "service_request") return { area, service, due }
  return { urgency: await facetCounts(db, entry, view, viewerId, clock, "urgency"), area, service, due }
}
