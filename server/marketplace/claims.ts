import type { RecordSource } from "../../src/schema/system/app-routes"
import type {
  Actor,
  CompanyApplicationDetail,
  MaintenanceRequestDetail,
  WorkRequestDetail,
} from "../../src/schema/marketplace/marketplace"
import type { AuthUser } from "../auth/users"
import { applicationDetailOf, findApplicationRow } from "./applications"
import { recordAudit } from "./audit"
import type { Db } from "./db"
import { APPLICATION_KIND, REQUEST_KINDS } from "./kinds"
import { findRequestRow, requestDetailOf } from "./requests"
import type { ClaimColumns } from "./wire"

// Claims (docs/behaviour.md#claims): "Assign to me" and "Unassign". A claim is advisory: it tells the other
// coordinators who is working a record, and never stops anyone from deciding it (the decisions' 409 is the
// guard against two decisions). Assigning is idempotent for the holder; assigning a record someone else holds
// takes it over (the app asks first) and the audit entry names who held it. Unassigning releases whoever's
// claim it is, and does nothing (no audit entry) when nobody held it. Each change and its audit entry are one
// transaction; the audit entry's NOTIFY tells every instance's sockets (`record.changed`, whose record row
// carries the new assignee).

type RequestDetail = WorkRequestDetail | MaintenanceRequestDetail

export type ClaimChange = { readonly to: "assigned" } | { readonly to: "unassigned" }

interface Claimable extends ClaimColumns {
  readonly id: number
  readonly uuid: string
  readonly status: "pending" | "approved" | "accepted" | "rejected"
}

const holder = (row: ClaimColumns): Actor | null =>
  row.assignee_user_id === null || row.assignee_name === null
    ? null
    : { id: row.assignee_user_id, full_name: row.assignee_name }

/** What the change writes, or null when the record is already as asked. */
function columnsFor(row: ClaimColumns, actor: AuthUser, change: ClaimChange, now: Date) {
  if (change.to === "assigned")
    return row.assignee_user_id === actor.id
      ? null
      : { assignee_user_id: actor.id, assignee_name: actor.full_name, assigned_at: now }
  return row.assignee_user_id === null
    ? null
    : { assignee_user_id: null, assignee_name: null, assigned_at: null }
}

async function audit(
  tx: Db,
  source: RecordSource,
  row: Claimable,
  title: string,
  actor: AuthUser,
  change: ClaimChange,
  now: Date,
): Promise<void> {
  const previous = holder(row)
  // An assignment over nobody, or a release of one's own claim, names nobody else.
  const named = previous !== null && previous.id !== actor.id ? { previous_assignee: previous } : {}
  await recordAudit(tx, {
    recordKind: source === "application" ? APPLICATION_KIND.recordKind : REQUEST_KINDS[source].recordKind,
    recordUuid: row.uuid,
    recordTitle: title,
    actor,
    action: change.to,
    from: row.status,
    to: row.status,
    details: named,
    at: now,
  })
}

export function claimApplication(
  db: Db,
  uuid: string,
  actor: AuthUser,
  change: ClaimChange,
  now: Date,
): Promise<CompanyApplicationDetail> {
  return db.transaction().execute(async (tx) => {
    const found = await findApplicationRow(tx, uuid)
    // Locked so that two claims at once are applied one after the other, each auditing what it replaced.
    const before = await tx
      .selectFrom("company_application")
      .selectAll()
      .where("id", "=", found.id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const columns = columnsFor(before, actor, change, now)
    if (columns === null) return applicationDetailOf(tx, before)
    const row = await tx
      .updateTable("company_application")
      .set(columns)
      .where("id", "=", before.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await audit(tx, "application", before, before.company_name, actor, change, now)
    return applicationDetailOf(tx, row)
  })
}

export function claimRequest(
  db: Db,
  kind: "work" | "maintenance",
  uuid: string,
  actor: AuthUser,
  change: ClaimChange,
  now: Date,
): Promise<RequestDetail> {
  return db.transaction().execute(async (tx) => {
    const found = await findRequestRow(tx, kind, uuid)
    const before = await tx
      .selectFrom("service_request")
      .selectAll()
      .where("id", "=", found.id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const columns = columnsFor(before, actor, change, now)
    if (columns === null) return requestDetailOf(tx, before)
    const row = await tx
      .updateTable("service_request")
      .set(columns)
      .where("id", "=", before.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await audit(tx, kind, before, before.title, actor, change, now)
    return requestDetailOf(tx, row)
  })
}
