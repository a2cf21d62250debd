// What a live `record.changed` frame says about one change: its audit entry (what happened, by whom, when)
// and the record as the list endpoints return it now. Loaded by each instance's listener once per change.

import { sql } from "kysely"
import type { RecordChangedMessage } from "../../src/schema/live/socket"
import type { AuditEntry, RecordKind } from "../../src/schema/marketplace/marketplace"
import type { RecordSource } from "../../src/schema/system/app-routes"
import { type AuditJson, auditFromJson } from "./audit"
import type { Db } from "./db"
import { REQUEST_KINDS } from "./kinds"
import { requestItemOf, requestItemsQuery } from "./records/request-items"
import { applicationToWire } from "./wire"

const SOURCE_OF: Readonly<Record<RecordKind, RecordSource>> = {
  company_application: "application",
  work_request: "work",
  maintenance_request: "maintenance",
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

/** The entry as a column of a statement on its record. */
const entryJson = (auditId: number) =>
  sql<AuditJson>`(select row_to_json(a) from marketplace_audit a where a.id = ${auditId})`.as("entry")

/** Picks the entry's record by its uuid in a statement on the record's table, named `table`. */
const ofEntry = (table: "r" | "c", auditId: number) =>
  sql<boolean>`${sql.ref(`${table}.uuid`)} = (select a.record_uuid from marketplace_audit a where a.id = ${auditId})`

/** The entry of a statement on its record, when it is an entry of this kind of record. */
const entryOf = (json: AuditJson, kind: RecordKind): AuditEntry | undefined => {
  const [entry] = auditFromJson([json])
  return entry?.record_kind === kind ? entry : undefined
}

/** A request's entry and the request as the lists show it, in one statement; undefined for another kind's. */
async function requestChangeOf(db: Db, auditId: number): Promise<RecordChangedMessage | undefined> {
  const found = await requestItemsQuery(db)
    .select(entryJson(auditId))
    .where(ofEntry("r", auditId))
    .executeTakeFirst()
  if (found === undefined) return undefined
  const { entry: json, ...row } = found
  const entry = entryOf(json, REQUEST_KINDS[row.kind].recordKind)
  return entry === undefined ? undefined : changeMessage(entry, requestItemOf(row))
}

/** An application's entry and the application as the lists show it, in one statement. */
async function applicationChangeOf(db: Db, auditId: number): Promise<RecordChangedMessage | undefined> {
  const found = await db
    .selectFrom("company_application as c")
    .selectAll("c")
    .select(entryJson(auditId))
    .where(ofEntry("c", auditId))
    .executeTakeFirst()
  if (found === undefined) return undefined
  const { entry: json, ...row } = found
  const entry = entryOf(json, "company_application")
  return entry === undefined ? undefined : changeMessage(entry, applicationToWire(row))
}

/**
 * The frame for one audit entry; null when the entry or its record is gone (deleted meanwhile). Every
 * instance builds this frame for every change, from one statement: a request's (most changes are requests'),
 * else an application's.
 */
export async function recordChangeOf(db: Db, auditId: number): Promise<RecordChangedMessage | null> {
  return (await requestChangeOf(db, auditId)) ?? (await applicationChangeOf(db, auditId)) ?? null
}
