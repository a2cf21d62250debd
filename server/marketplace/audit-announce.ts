import { sql } from "kysely"
import type { AuditEntry } from "../../src/schema/marketplace/marketplace"
import { logsInStatement, pendingInsert } from "../live/change-log"
import { logNotified, notificationInsert, notifiedJson } from "../notifications/notify"
import { type Announcement, announcement } from "./announce"
import { AUDIT_COLUMNS, type AuditInput, auditInsert, recordAudit } from "./audit"
import type { Db } from "./db"
import { announceRecordChange } from "./record-channel"
import { auditToWire } from "./wire"

// A change's audit entry and its announcement to the staff as one statement: the entry's row, the
// notification's rows and their NOTIFY. Written apart they were two round trips of every decision and reopen,
// and a decision's time under load is its round trips (bench/RESULTS.md). The change log hears of them in
// the order recordAudit and announce would have logged them: the record's change, then the bells'. The same
// statement writes those log entries when the transaction has logged nothing before it (logsInStatement):
// otherwise they are one more statement before COMMIT.

/** The change log's entries of the statement: the record's change, then each notification's by id. */
const LOGGED = sql`select 0::bigint as n, 'record' as topic, null::integer as user_id, id::text as ref from entry
  union all select id::bigint, 'notification', user_id, id::text from added`

export async function auditAndAnnounce(tx: Db, entry: AuditInput, a: Announcement): Promise<AuditEntry> {
  const notification = notificationInsert(tx, announcement(a))
  if (notification === null) return recordAudit(tx, entry)
  const logged = await logsInStatement(tx)
  const statement = tx.with("entry", () => auditInsert(tx, entry)).with("added", () => notification)
  const { notified, ...row } = await (logged
    ? statement.with("logged", () => pendingInsert(LOGGED))
    : statement
  )
    .selectFrom("entry")
    .select(AUDIT_COLUMNS)
    .select(notifiedJson.as("notified"))
    .executeTakeFirstOrThrow()
  if (!logged) {
    await announceRecordChange(tx, row.id)
    await logNotified(tx, notified)
  }
  return auditToWire(row)
}
