import type { AuditEntry } from "../../src/schema/marketplace/marketplace"
import { logNotified, notificationInsert, notifiedJson } from "../notifications/notify"
import { type Announcement, announcement } from "./announce"
import { AUDIT_COLUMNS, type AuditInput, auditInsert, recordAudit } from "./audit"
import type { Db } from "./db"
import { announceRecordChange } from "./record-channel"
import { auditToWire } from "./wire"

// A change's audit entry and its announcement to the staff as one statement: the entry's row, the
// notification's rows and their NOTIFY. Written apart they were two round trips of every decision and reopen,
// and a decision's time under load is its round trips (bench/RESULTS.md). The change log hears of them in
// the order recordAudit and announce would have logged them: the record's change, then the bells'.

export async function auditAndAnnounce(tx: Db, entry: AuditInput, a: Announcement): Promise<AuditEntry> {
  const notification = notificationInsert(tx, announcement(a))
  if (notification === null) return recordAudit(tx, entry)
  const { notified, ...row } = await tx
    .with("entry", () => auditInsert(tx, entry))
    .with("added", () => notification)
    .selectFrom("entry")
    .select(AUDIT_COLUMNS)
    .select(notifiedJson.as("notified"))
    .executeTakeFirstOrThrow()
  await announceRecordChange(tx, row.id)
  await logNotified(tx, notified)
  return auditToWire(row)
}
