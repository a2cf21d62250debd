// What a live `record.changed` frame says about one change: its audit entry (what happened, by whom, when)
// and the record as the list endpoints return it now. Loaded by each instance's listener once per change.

import { sql } from "kysely"
import type { RecordChangedMessage } from "../../src/schema/live/socket"
import type { AuditEntry, RecordKind } from "../../src/schema/marketplace/marketplace"
import type { RecordSource } from "../../src/schema/system/app-routes"
import { notFound } from "../errors"
import { AUDIT_COLUMNS, type AuditJson, auditFromJson } from "./audit"
import type { Db } from "./db"
import { REQUEST_KINDS } from "./kinds"
import { RECORD_KINDS } from "./records/record-kinds"
import { listItemById } from "./records/record-rows"
import { requestItemOf, requestItemsQuery } from "./records/request-items"
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

/** The frame of an entry and of the record as the lists show it now. */
function changeMessage(entry: AuditEntry, record: RecordChangedMessage["record"]): RecordChangedMessage {
  return {
    type: "record.changed",
    kind: SOURCE_OF[entry.record_kind],
    uuid: entry.record_uuid,
    change: entry.action,
    // The record's status now: a later change may have moved it again, and the row sent says so too.
    status: record.status,
    actor: { id: entry.actor_user_id, full_name: entry.actor_name },
    at: entry.at,
    record,
  }
}

/**
 * A request's entry and the request's list item in one statement; undefined when the entry is not a request's
 * (or either is gone), which the two reads below tell apart. Most changes are requests'.
 */
async function requestChangeOf(db: Db, auditId: number): Promise<RecordChangedMessage | undefined> {
  const found = await requestItemsQuery(db)
    .select(
      sql<AuditJson>`(select row_to_json(a) from marketplace_audit a where a.id = ${auditId})`.as("entry"),
    )
    .where(sql<boolean>`r.uuid = (select a.record_uuid from marketplace_audit a where a.id = ${auditId})`)
    .executeTakeFirst()
  if (found === undefined) return undefined
  const { entry: json, ...row } = found
  const [entry] = auditFromJson([json])
  if (entry === undefined || entry.record_kind !== REQUEST_KINDS[row.kind].recordKind) return undefined
  return changeMessage(entry, requestItemOf(row))
}

/**
 * The frame for one audit entry; null when the entry is gone (its record was deleted meanwhile). Every
 * instance builds this frame for every change: a request's is one read, another kind's the entry with its
 * record's id, then the record.
 */
export async function recordChangeOf(db: Db, auditId: number): Promise<RecordChangedMessage | null> {
  const request = await requestChangeOf(db, auditId)
  if (request !== undefined) return request
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
  return changeMessage(entry, await listRow(db, SOURCE_OF[entry.record_kind], Number(record_id)))
}
