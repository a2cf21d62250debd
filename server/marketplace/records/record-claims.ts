import type { Actor } from "../../../src/schema/marketplace/marketplace"
import type { AuthUser } from "../../auth/users"
import { recordAudit } from "../audit"
import type { Db } from "../db"
import type { ClaimColumns } from "../wire"
import type { RecordCore, RecordKindEntry } from "./record-kind"
import { findCore, rowOf } from "./record-rows"

// Claims (docs/behaviour.md#claims): "Assign to me" and "Unassign". A claim is advisory: it tells the other
// coordinators who is working a record, and never stops anyone from deciding it (the decisions' 409 is the
// guard against two decisions). Assigning is idempotent for the holder; assigning a record someone else holds
// takes it over (the app asks first) and the audit entry names who held it. Unassigning releases whoever's
// claim it is, and does nothing (no audit entry) when nobody held it. Each change and its audit entry are one
// transaction; the audit entry's NOTIFY tells every instance's sockets (`record.changed`, whose record row
// carries the new assignee).

export type ClaimChange = { readonly to: "assigned" } | { readonly to: "unassigned" }

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

export function claimRecord<Row extends RecordCore, Detail>(
  db: Db,
  entry: RecordKindEntry<Row, unknown, Detail>,
  uuid: string,
  actor: AuthUser,
  change: ClaimChange,
  now: Date,
): Promise<Detail> {
  return db.transaction().execute(async (tx) => {
    // Locked so that two claims at once are applied one after the other, each auditing what it replaced.
    const before = await findCore(tx, entry, uuid, true)
    const columns = columnsFor(before, actor, change, now)
    if (columns === null) return entry.detail(tx, await rowOf(tx, entry, before.id), now)
    await tx.updateTable(entry.table).set(columns).where("id", "=", before.id).execute()
    const row = await rowOf(tx, entry, before.id)
    const previous = holder(before)
    await recordAudit(tx, {
      recordKind: entry.recordKind,
      recordUuid: row.uuid,
      recordTitle: entry.titleOf(row),
      actor,
      action: change.to,
      from: before.status,
      to: before.status,
      // An assignment over nobody, or a release of one's own claim, names nobody else.
      details: previous !== null && previous.id !== actor.id ? { previous_assignee: previous } : {},
      at: now,
    })
    return entry.detail(tx, row, now)
  })
}
