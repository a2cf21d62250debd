import type { CompanyApplicationDetail } from "../../src/schema/marketplace/marketplace"
import type { AuthUser } from "../auth/users"
import { recordAudit } from "./audit"
import { alreadyDecided } from "./conflict"
import type { Db } from "./db"
import { RECORD_KINDS } from "./records/record-kinds"
import { findCore, rowOf } from "./records/record-rows"

// The third answer to a pending application (docs/behaviour.md#documents): the applicant is asked for more.
// It stays pending, in its place by submission, marked as waiting for the applicant until they send documents
// through the intake API. The message is kept on the record and in its audit trail, in one transaction.

const application = RECORD_KINDS.application

export async function requestInformation(
  db: Db,
  uuid: string,
  actor: AuthUser,
  message: string,
  now: Date,
): Promise<CompanyApplicationDetail> {
  const text = message.trim()
  const detail = await db.transaction().execute(async (tx) => {
    const before = await findCore(tx, application, uuid, true)
    const changed = await tx
      .updateTable("company_application")
      .set({ waiting_since: now, waiting_message: text })
      .where("id", "=", before.id)
      .where("status", "=", "pending")
      .returning("id")
      .executeTakeFirst()
    if (changed === undefined) throw await alreadyDecided(tx, application.noun, uuid, before)
    const row = await rowOf(tx, application, changed.id)
    await recordAudit(tx, {
      recordKind: application.recordKind,
      recordUuid: row.uuid,
      recordTitle: application.titleOf(row),
      actor,
      action: "information_requested",
      from: "pending",
      to: "pending",
      reason: text,
      at: now,
    })
    return application.detail(tx, row, now)
  })
  return detail
}
