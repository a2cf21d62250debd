import type { MaintenanceRequestDetail, RequestKind, WorkRequestDetail } from "../../src/schema/marketplace/marketplace"
import type { AuthUser } from "../auth/users"
import { conflict } from "../errors"
import { announce, priorityOfUrgency } from "./announce"
import { recordAudit } from "./audit"
import { alreadyDecided } from "./conflict"
import type { Db } from "./db"
import { REQUEST_KINDS } from "./kinds"
import { releaseProviders } from "./release-providers"
import { findRequestRow, requestDetailOf } from "./requests"

// pending → approved | rejected, and the admin's way back: final → pending. Each is one transaction holding
// the change, its audit entry and its notifications. The update is conditional on the status it leaves, so
// of two coordinators acting at once exactly one changes the row; the other gets a 409 saying what happened.

type Detail = WorkRequestDetail | MaintenanceRequestDetail

export type RequestDecision =
  | { readonly to: "approved" }
  | { readonly to: "rejected"; readonly reason: string }

const quote = (s: string, max = 200): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s)

export function decideRequest(
  db: Db,
  kind: RequestKind,
  uuid: string,
  actor: AuthUser,
  decision: RequestDecision,
  now: Date,
): Promise<Detail> {
  const info = REQUEST_KINDS[kind]
  const reason = decision.to === "rejected" ? decision.reason.trim() : null
  return db.transaction().execute(async (tx) => {
    const before = await findRequestRow(tx, kind, uuid)
    const row = await tx
      .updateTable("service_request")
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
      throw await alreadyDecided(tx, info.noun, uuid, await findRequestRow(tx, kind, uuid))

    await recordAudit(tx, {
      recordKind: info.recordKind,
      recordUuid: row.uuid,
      recordTitle: row.title,
      actor,
      action: decision.to,
      from: "pending",
      to: decision.to,
      reason,
      at: now,
    })
    await announce(tx, {
      title: `${info.title} ${decision.to}`,
      message:
        reason === null
          ? `${actor.full_name} approved "${row.title}" (${row.area}). Providers can now be chosen.`
          : `${actor.full_name} rejected "${row.title}" (${row.area}): ${quote(reason)}`,
      type: "approval",
      priority: decision.to === "approved" ? priorityOfUrgency(row.urgency) : "low",
      actionUrl: info.detailPath(row.uuid),
      actorUserId: actor.id,
      senderName: actor.full_name,
    })
    return requestDetailOf(tx, row)
  })
}

/** Admin only (the route checks): a final request goes back to pending, releasing any chosen providers. */
export function reopenRequest(
  db: Db,
  kind: RequestKind,
  uuid: string,
  actor: AuthUser,
  reason: string | null,
  now: Date,
): Promise<Detail> {
  const info = REQUEST_KINDS[kind]
  return db.transaction().execute(async (tx) => {
    const found = await findRequestRow(tx, kind, uuid)
    // Locks the row (PostgreSQL) so the release below sees the selection that the reopen undoes.
    const before = await tx
      .selectFrom("service_request")
      .selectAll()
      .where("id", "=", found.id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (before.status === "pending") throw await alreadyDecided(tx, info.noun, uuid, before)
    const row = await tx
      .updateTable("service_request")
      .set({
        status: "pending",
        decided_at: null,
        decided_by_user_id: null,
        decided_by_name: null,
        reason: null,
        providers_selected_at: null,
        providers_selected_by_user_id: null,
        providers_selected_by_name: null,
      })
      .where("id", "=", before.id)
      .where("status", "=", before.status)
      .returningAll()
      .executeTakeFirst()
    if (row === undefined) throw conflict(`This ${info.noun} changed while it was being reopened; try again.`)
    const released = await releaseProviders(tx, row.id)

    await recordAudit(tx, {
      recordKind: info.recordKind,
      recordUuid: row.uuid,
      recordTitle: row.title,
      actor,
      action: "reopened",
      from: before.status,
      to: "pending",
      reason: reason?.trim() || null,
      details: released.length > 0 ? { released_providers: released } : {},
      at: now,
    })
    await announce(tx, {
      title: `${info.title} reopened`,
      message: `${actor.full_name} reopened "${row.title}" (was ${before.status}); it is back in the pending queue.`,
      type: "system_alert",
      priority: "medium",
      actionUrl: info.detailPath(row.uuid),
      actorUserId: actor.id,
      senderName: actor.full_name,
    })
    return requestDetailOf(tx, row)
  })
}
