import { blockingEntries, checklistOf, isoDay } from "../../src/schema/documents/checklist"
import { KIND_FACTS } from "../../src/schema/documents/kinds"
import type { AuditDetails, ChecklistEntry, ServiceCategory } from "../../src/schema/marketplace/marketplace"
import { invalid } from "../errors"
import type { Db } from "../marketplace/db"

// An application's checklist from the documents stored against it, on the server's day: what its page
// shows and what an accept is checked against (docs/behaviour.md#documents).

export async function applicationChecklist(
  db: Db,
  application: { readonly uuid: string; readonly services_offered: ReadonlyArray<ServiceCategory> },
  now: Date,
): Promise<ChecklistEntry[]> {
  const held = await db
    .selectFrom("record_document")
    .select(["kind", "expires_on"])
    .where("record_uuid", "=", application.uuid)
    .execute()
  return checklistOf(application.services_offered, held, isoDay(now))
}

/**
 * An accept with a required document missing or expired needs a reason to override the checklist; the audit
 * entry names what it went past. Refused (a 400 with the missing kinds named) without one.
 */
export async function checkRequiredDocuments(
  db: Db,
  application: { readonly uuid: string; readonly services_offered: ReadonlyArray<ServiceCategory> },
  now: Date,
  overrideReason: string | null,
): Promise<AuditDetails> {
  const blocking = blockingEntries(await applicationChecklist(db, application, now))
  if (blocking.length === 0) return {}
  if (overrideReason === null)
    throw invalid(
      `${blocking.map((e) => `${KIND_FACTS[e.kind].label} ${e.state}`).join(", ")}: to accept anyway, give an override_reason.`,
    )
  return { overridden: blocking.map((e) => ({ kind: e.kind, state: e.state })) }
}
