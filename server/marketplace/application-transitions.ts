import type { CompanyApplicationDetail } from "../../src/schema/marketplace/marketplace"
import type { AuthUser } from "../auth/users"
import { conflict } from "../errors"
import { announce } from "./announce"
import { applicationDetailOf, findApplicationRow } from "./applications"
import { recordAudit } from "./audit"
import { alreadyDecided } from "./conflict"
import type { Db } from "./db"
import { APPLICATION_KIND } from "./kinds"
import { activateProviderFor, deactivateProviderFor } from "./provider-from-application"

// pending → accepted | rejected, and the admin's reopen. Same shape as the request transitions: one
// transaction with a status-conditional update, the audit entry and the notifications; accepting also makes
// (or reactivates) the provider, and reopening an accepted application withdraws it from the candidates.

export type ApplicationDecision =
  | { readonly to: "accepted" }
  | { readonly to: "rejected"; readonly reason: string }

const quote = (s: string, max = 200): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s)

export function decideApplication(
  db: Db,
  uuid: string,
  actor: AuthUser,
  decision: ApplicationDecision,
  now: Date,
): Promise<CompanyApplicationDetail> {
  const reason = decision.to === "rejected" ? decision.reason.trim() : null
  return db.transaction().execute(async (tx) => {
    const before = await findApplicationRow(tx, uuid)
    const row = await tx
      .updateTable("company_application")
      .set({
        status: decision.to,
        decided_at: now,
        decided_by_user_id: actor.id,
        decided_by_name: actor.full_name,
        reason,
      })
      .where("id", "=", before.id)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst()
    if (row === undefined)
      throw await alreadyDecided(tx, APPLICATION_KIND.noun, uuid, await findApplicationRow(tx, uuid))

    const provider = decision.to === "accepted" ? await activateProviderFor(tx, row, now) : null
    await recordAudit(tx, {
      recordKind: APPLICATION_KIND.recordKind,
      recordUuid: row.uuid,
      recordTitle: row.company_name,
      actor,
      action: decision.to,
      from: "pending",
      to: decision.to,
      reason,
      details: provider === null ? {} : { provider },
      at: now,
    })
    await announce(tx, {
      title: `Company application ${decision.to}`,
      message:
        reason === null
          ? `${actor.full_name} accepted ${row.company_name}; it is now a provider for ${row.service_area.join(", ")}.`
          : `${actor.full_name} rejected ${row.company_name}: ${quote(reason)}`,
      type: "company_update",
      priority: "medium",
      actionUrl: APPLICATION_KIND.detailPath(row.uuid),
      actorUserId: actor.id,
      senderName: actor.full_name,
    })
    return applicationDetailOf(tx, row)
  })
}

/** Admin only (the route checks). */
export function reopenApplication(
  db: Db,
  uuid: string,
  actor: AuthUser,
  reason: string | null,
  now: Date,
): Promise<CompanyApplicationDetail> {
  return db.transaction().execute(async (tx) => {
    const found = await findApplicationRow(tx, uuid)
    const before = await tx
      .selectFrom("company_application")
      .selectAll()
      .where("id", "=", found.id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (before.status === "pending") throw await alreadyDecided(tx, APPLICATION_KIND.noun, uuid, before)
    const row = await tx
      .updateTable("company_application")
      .set({
        status: "pending",
        decided_at: null,
        decided_by_user_id: null,
        decided_by_name: null,
        reason: null,
      })
      .where("id", "=", before.id)
      .where("status", "=", before.status)
      .returningAll()
      .executeTakeFirst()
    if (row === undefined)
      throw conflict(`This ${APPLICATION_KIND.noun} changed while it was being reopened; try again.`)
    const provider = before.status === "accepted" ? await deactivateProviderFor(tx, row.id) : null

    await recordAudit(tx, {
      recordKind: APPLICATION_KIND.recordKind,
      recordUuid: row.uuid,
      recordTitle: row.company_name,
      actor,
      action: "reopened",
      from: before.status,
      to: "pending",
      reason: reason?.trim() || null,
      details: provider === null ? {} : { provider },
      at: now,
    })
    await announce(tx, {
      title: "Company application reopened",
      message: `${actor.full_name} reopened ${row.company_name} (was ${before.status}); it is back in the pending queue.`,
      type: "system_alert",
      priority: "medium",
      actionUrl: APPLICATION_KIND.detailPath(row.uuid),
      actorUserId: actor.id,
      senderName: actor.full_name,
    })
    return applicationDetailOf(tx, row)
  })
}
