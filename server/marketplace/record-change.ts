// What a live `record.changed` frame says about one change: its audit entry (what happened, by whom, when)
// and the record as the list endpoints return it now. Loaded by each instance's listener once per change.

import { sql } from "kysely"
import type { RecordChangedMessage } from "../../src/schema/live/socket"
import type { RecordKind } from "../../src/schema/marketplace/marketplace"
import type { RecordSource } from "../../src/schema/system/app-routes"
import { notFound } from "../errors"
import { AUDIT_COLUMNS } from "./audit"
import type { Db } from "./db"
import { RECORD_KINDS } from "./records/record-kinds"
import { listItemById } from "./records/record-rows"
import { auditToWire } from "./wire"

const SOURCE_OF: Readonly<Record<RecordKind, RecordSource>> = {
  company_application: "application",
  work_request: "work",
  maintenance_request: "maintenance",
}

/** The record's id, by the entry's kind and uuid, as a column of the entry's read: null once it is gone. */
const recordIdOfEntry = sql<number | null>`case ${sql.join(
  Object.values(RECORD_KINDS).map(
    (kind) =>
      sql`when marketplace_audit.record_kind = ${kind.recordKind} then (select t.id from ${sql.table(kind.table)} t
        where t.uuid = marketplace_audit.record_uuid${kind.requestKind === null ? sql`` : sql` and t.kind = ${kind.requestKind}`})`,
  ),
  sql` `,
)} end`

async function listRow(db: Db, source: RecordSource, id: number): Promise<RecordChangedMessage["record"]> {
  return source === "application"
    ? listItemById(db, RECORD_KINDS.application, id)
    : listItemById(db, RECORD_KINDS[source], id)
}

/**
 * The frame for one audit entry; null when the entry is gone (its record was deleted meanwhile). The entry
 * and its record's id are one read: every instance builds this frame for every change.
 */
export async function recordChangeOf(db: Db, auditId: number): Promise<RecordChangedMessage | null> {
  const found = await db
    .selectFrom("marketplace_audit")
    .select(AUDIT_COLUMNS)
    .select(recordIdOfEntry.as("record_id"))
    .where("id", "=", auditId)
    .executeTakeFirst()
  if (found === undefined) return null
  const { record_id, ...row } = found
  if (record_id === null) throw notFound()
  const entry = auditToWire(row)
  const source = SOURCE_OF[entry.record_kind]
  const record = await listRow(db, source, Number(record_id))
  return {
    type: "record.changed",
    kind: source,
    uuid: entry.record_uuid,
    change: entry.action,
    // The record's status now: a later change may have moved it again, and the row sent says so too.
    status: record.status,
    actor: { id: entry.actor_user_id, full_name: entry.actor_name },
    at: entry.at,
    record,
  }
}
