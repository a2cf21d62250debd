// What a live `record.changed` frame says about one change: its audit entry (what happened, by whom, when)
// and the record as the list endpoints return it now. Loaded by each instance's listener once per change.

import type { RecordChangedMessage } from "../../src/schema/live/socket"
import type { RecordKind } from "../../src/schema/marketplace/marketplace"
import type { RecordSource } from "../../src/schema/system/app-routes"
import { AUDIT_COLUMNS } from "./audit"
import type { Db } from "./db"
import { RECORD_KINDS } from "./records/record-kinds"
import { listItem } from "./records/record-rows"
import { auditToWire } from "./wire"

const SOURCE_OF: Readonly<Record<RecordKind, RecordSource>> = {
  company_application: "application",
  work_request: "work",
  maintenance_request: "maintenance",
}

async function listRow(db: Db, source: RecordSource, uuid: string): Promise<RecordChangedMessage["record"]> {
  return source === "application"
    ? listItem(db, RECORD_KINDS.application, uuid)
    : listItem(db, RECORD_KINDS[source], uuid)
}

/** The frame for one audit entry; null when the entry is gone (its record was deleted meanwhile). */
export async function recordChangeOf(db: Db, auditId: number): Promise<RecordChangedMessage | null> {
  const row = await db
    .selectFrom("marketplace_audit")
    .select(AUDIT_COLUMNS)
    .where("id", "=", auditId)
    .executeTakeFirst()
  if (row === undefined) return null
  const entry = auditToWire(row)
  const source = SOURCE_OF[entry.record_kind]
  const record = await listRow(db, source, entry.record_uuid)
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
