import type { CompanyApplication, CompanyApplicationDetail, ProviderRef } from "../../src/schema/marketplace/marketplace"
import type { ApplicationListQuery } from "../../src/schema/marketplace/marketplace-input"
import { notFound } from "../errors"
import { auditTrail } from "./audit"
import type { Db } from "./db"
import { type ListResult, orderBy, pageWindow } from "./list-query"
import { containsPattern, isUuid } from "./text"
import { type ApplicationRow, applicationToWire } from "./wire"

// Reading company applications: the paged lists and the detail with its audit trail and provider.

const ORDER_COLUMNS = {
  submitted_at: { column: "submitted_at" },
  decided_at: { column: "decided_at", nullable: true },
  company_name: { column: "company_name" },
  status: { column: "status" },
} as const

/** A pending list is a queue (oldest first); a decided list shows the latest decisions first. */
const defaultOrdering = (status: ApplicationListQuery["status"]): string =>
  status === undefined ? "-submitted_at" : status === "pending" ? "submitted_at" : "-decided_at"

export async function listApplications(
  db: Db,
  query: ApplicationListQuery,
  /** Whose "mine" is: the caller. */
  viewerId: number | null = null,
): Promise<ListResult<CompanyApplication>> {
  let base = db.selectFrom("company_application")
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
  return { count: Number(counted.n), results: rows.map(applicationToWire) }
}

export async function findApplicationRow(db: Db, uuid: string): Promise<ApplicationRow> {
  if (!isUuid(uuid)) throw notFound()
  const row = await db
    .selectFrom("company_application")
    .selectAll()
    .where("uuid", "=", uuid)
    .executeTakeFirst()
  if (row === undefined) throw notFound()
  return row
}

export async function applicationProvider(db: Db, applicationId: number): Promise<ProviderRef | null> {
  const row = await db
    .selectFrom("provider")
    .select(["uuid", "company_name"])
    .where("application_id", "=", applicationId)
    .executeTakeFirst()
  return row ?? null
}

export async function applicationDetailOf(db: Db, row: ApplicationRow): Promise<CompanyApplicationDetail> {
  const [provider, audit] = await Promise.all([applicationProvider(db, row.id), auditTrail(db, row.uuid)])
  return { ...applicationToWire(row), provider, audit }
}

export async function applicationDetail(db: Db, uuid: string): Promise<CompanyApplicationDetail> {
  return applicationDetailOf(db, await findApplicationRow(db, uuid))
}
