// The NOTIFY channel on which a marketplace change wakes every instance. The payload is the audit entry's id
// only: every change (intake, decision, reopen, providers chosen) writes exactly one audit row in its own
// transaction, and that row says what happened, to which record, by whom and when. A listener loads it, so
// nothing private travels through NOTIFY and the 8000-byte limit never matters.
import { sql } from "kysely"
import { isRowId } from "../ids"
import type { Db } from "./db"

export const RECORD_CHANGED_CHANNEL = "marketplace_records"

/** Wakes every instance's listener when the caller's transaction commits (never for one that rolls back). */
export async function announceRecordChange(db: Db, auditId: number): Promise<void> {
  await sql`select pg_notify(${RECORD_CHANGED_CHANNEL}, ${String(auditId)})`.execute(db)
}

/** The audit entry's id, or null for a payload that is not one. */
export const parseRecordChange = (payload: string): number | null =>
  isRowId(payload) ? Number(payload) : null
