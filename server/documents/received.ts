import type { StoredDocument } from "../../src/schema/documents/document"
import type { RecordKind } from "../../src/schema/marketplace/marketplace"
import { linkTo } from "../../src/schema/system/app-routes"
import { recordAudit } from "../marketplace/audit"
import type { Db } from "../marketplace/db"
import { followersOf } from "../marketplace/followers"
import { RECORD_KINDS } from "../marketplace/records/record-kinds"
import { findRecord } from "../marketplace/records/record-rows"
import { notify } from "../notifications/notify"

// What an upload through the intake API does besides storing (docs/behaviour.md#documents), in its
// transaction: an entry in the record's audit trail (which is also how every open page of the record hears of
// it, live), and for an application that was waiting for its applicant, the way back into the queue: it
// stops waiting, and whoever claimed it or acted on it hears so.

const ENTRY_OF = {
  company_application: RECORD_KINDS.application,
  work_request: RECORD_KINDS.work,
  maintenance_request: RECORD_KINDS.maintenance,
} as const satisfies Readonly<Record<RecordKind, unknown>>

export async function documentsReceived(
  tx: Db,
  recordKind: RecordKind,
  uuid: string,
  stored: ReadonlyArray<StoredDocument>,
  now: Date,
): Promise<void> {
  const files = stored.map((d) => d.file_name)
  if (recordKind !== "company_application") {
    const entry = ENTRY_OF[recordKind]
    const row = await findRecord(tx, entry, uuid)
    await recordAudit(tx, {
      recordKind,
      recordUuid: uuid,
      recordTitle: entry.titleOf(row),
      actor: { id: null, full_name: row.customer_name },
      action: "documents_received",
      from: row.status,
      to: row.status,
      details: { files },
      at: now,
    })
    return
  }
  const entry = RECORD_KINDS.application
  const row = await findRecord(tx, entry, uuid)
  const wasWaiting = row.waiting_since !== null && row.status === "pending"
  if (wasWaiting)
    await tx
      .updateTable("company_application")
      .set({ waiting_since: null })
      .where("id", "=", row.id)
      .execute()
  await recordAudit(tx, {
    recordKind,
    recordUuid: uuid,
    recordTitle: row.company_name,
    actor: { id: null, full_name: row.contact_name },
    action: "documents_received",
    from: row.status,
    to: row.status,
    details: { files },
    at: now,
  })
  if (!wasWaiting) return
  const followers = await followersOf(tx, uuid, row.assignee_user_id)
  if (followers.length === 0) return
  await notify(tx, {
    to: { userIds: followers },
    title: `Documents received: ${row.company_name}`,
    message: `${row.contact_name} sent ${files.length === 1 ? "a document" : `${files.length} documents`} (${files.join(", ")}); the application is back in the queue.`,
    notification_type: "company_update",
    priority: "medium",
    action_url: linkTo.record("company_application", uuid),
    sender_name: row.contact_name,
  })
}
