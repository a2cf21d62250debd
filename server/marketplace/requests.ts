import type {
  MaintenanceRequest,
  MaintenanceRequestDetail,
  RequestKind,
  WorkRequest,
  WorkRequestDetail,
} from "../../src/schema/marketplace/marketplace"
import type { RequestListQuery } from "../../src/schema/marketplace/marketplace-input"
import { notFound } from "../errors"
import { auditTrail } from "./audit"
import type { Db } from "./db"
import { type ListResult, orderBy, pageWindow } from "./list-query"
import { selectedProviders } from "./provider-refs"
import { containsPattern, isUuid } from "./text"
import { type RequestRow, requestToWire } from "./wire"

// Reading work and maintenance requests: the paged lists and the detail with its audit trail.

const ORDER_COLUMNS = {
  submitted_at: { column: "submitted_at" },
  decided_at: { column: "decided_at", nullable: true },
  title: { column: "title" },
  urgency: { column: "urgency_rank" },
  budget: { column: "budget_pence", nullable: true },
  status: { column: "status" },
} as const

/** A pending list is a queue (oldest first); a decided list shows the latest decisions first. */
const defaultOrdering = (status: RequestListQuery["status"]): string =>
  status === undefined ? "-submitted_at" : status === "pending" ? "submitted_at" : "-decided_at"

export async function listRequests(
  db: Db,
  kind: RequestKind,
  query: RequestListQuery,
  /** Whose "mine" is: the caller. */
  viewerId: number | null = null,
): Promise<ListResult<WorkRequest | MaintenanceRequest>> {
  let base = db.selectFrom("service_request").where("kind", "=", kind)
  if (query.status !== undefined) base = base.where("status", "=", query.status)
  if (query.assignee === "mine") base = base.where("assignee_user_id", "=", viewerId ?? 0)
  if (query.assignee === "unassigned") base = base.where("assignee_user_id", "is", null)
  const search = query.search?.trim()
  if (search) base = base.where("search_text", "like", containsPattern(search))

  const { column, direction, nullsLast } = orderBy(
    query.ordering ?? defaultOrdering(query.status),
    ORDER_COLUMNS,
  )
  const window = pageWindow(query.page, query.page_size)
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy(column, (ob) =>
        nullsLast ? ob.desc().nullsLast() : direction === "asc" ? ob.asc() : ob.desc(),
      )
      .orderBy("id", direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ])
  const selected = await selectedProviders(
    db,
    rows.map((r) => r.id),
  )
  return {
    count: Number(counted.n),
    results: rows.map((row) => requestToWire(row, selected.get(row.id) ?? [])),
  }
}

export async function findRequestRow(db: Db, kind: RequestKind, uuid: string): Promise<RequestRow> {
  if (!isUuid(uuid)) throw notFound()
  const row = await db
    .selectFrom("service_request")
    .selectAll()
    .where("kind", "=", kind)
    .where("uuid", "=", uuid)
    .executeTakeFirst()
  if (row === undefined) throw notFound()
  return row
}

export async function requestDetail(
  db: Db,
  kind: RequestKind,
  uuid: string,
): Promise<WorkRequestDetail | MaintenanceRequestDetail> {
  const row = await findRequestRow(db, kind, uuid)
  return requestDetailOf(db, row)
}

export async function requestDetailOf(
  db: Db,
  row: RequestRow,
): Promise<WorkRequestDetail | MaintenanceRequestDetail> {
  const [selected, audit] = await Promise.all([selectedProviders(db, [row.id]), auditTrail(db, row.uuid)])
  return { ...requestToWire(row, selected.get(row.id) ?? []), audit }
}
