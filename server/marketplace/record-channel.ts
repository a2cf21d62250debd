// How a marketplace change reaches every open page: through the live change log, as the id of its audit
// entry. Every change (intake, decision, reopen, providers chosen, a claim) writes exactly one audit row in its
// own transaction, and that row says what happened, to which record, by whom and when; the log's reader loads
// it, so nothing private travels through NOTIFY.
import { appendLiveChange } from "../live/change-log"
import type { Db } from "./db"

/** Logs the change in the caller's transaction: every instance sends it once that commits. */
export async function announceRecordChange(db: Db, auditId: number): Promise<void> {
  await appendLiveChange(db, { topic: "record", userId: null, ref: String(auditId) })
}
