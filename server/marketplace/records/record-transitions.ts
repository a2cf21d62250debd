import type { AuthUser } from "../../auth/users"
import { conflict } from "../../errors"
import { announce } from "../announce"
import { recordAudit } from "../audit"
import { alreadyDecided } from "../conflict"
import type { Db } from "../db"
import type { RecordCore, RecordKindEntry } from "./record-kind"
import { findCore, rowOf } from "./record-rows"

// pending → accepted or approved | rejected, and the admin's way back: final → pending. Each is one
// transaction holding the change, its audit entry and its notifications. The update is conditional on the
// status it leaves, so of two coordinators acting at once exactly one changes the row; the other gets a 409
// saying what happened. What a kind does besides (a provider made or withdrawn, providers released) is its
// entry's.

export type Decision =
  | { readonly to: "decided"; readonly overrideReason?: string | null }
  | { readonly to: "rejected"; readonly reason: string }

export function decideRecord<Row extends RecordCore, Detail>(
  db: Db,
  entry: RecordKindEntry<Row, unknown, Detail>,
  uuid: string,
  actor: AuthUser,
  decision: Decision,
  now: Date,
): Promise<Detail> {
  const to = decision.to === "decided" ? entry.decided : "rejected"
  const reason = decision.to === "rejected" ? decision.reason.trim() : null
  const overrideReason = decision.to === "decided" ? decision.overrideReason?.trim() || null : null
  return db.transaction().execute(async (tx) => {
    const before = await findCore(tx, entry, uuid)
    const changed = await tx
      .updateTable(entry.table)
      .set({
        status: to,
        decided_at: now,
        decided_by_user_id: actor.id,
        decided_by_name: actor.full_name,
        reason,
      })
      .where("id", "=", before.id)
      .where("status", "=", "pending")
      .returning("id")
      .executeTakeFirst()
    if (changed === undefined)
      throw await alreadyDecided(tx, entry.noun, uuid, await findCore(tx, entry, uuid))

    const row = await rowOf(tx, entry, changed.id)
    const checked = to === "rejected" ? {} : await entry.checkDecided(tx, row, now, overrideReason)
    const details = { ...checked, ...(await entry.onDecided(tx, row, now)) }
    await recordAudit(tx, {
      recordKind: entry.recordKind,
      recordUuid: row.uuid,
      recordTitle: entry.titleOf(row),
      actor,
      action: to,
      from: "pending",
      to,
      // An accept over the checklist keeps why (docs/behaviour.md#documents).
      reason: reason ?? (checked.overridden ? overrideReason : null),
      details,
      at: now,
    })
    await announce(tx, {
      ...entry.decidedNotice(row, actor.full_name, reason),
      title: `${entry.title} ${to}`,
      actionUrl: entry.detailPath(row.uuid),
      actorUserId: actor.id,
      senderName: actor.full_name,
    })
    return entry.detail(tx, row, now)
  })
}

/** Admin only (the route checks). */
export function reopenRecord<Row extends RecordCore, Detail>(
  db: Db,
  entry: RecordKindEntry<Row, unknown, Detail>,
  uuid: string,
  actor: AuthUser,
  reason: string | null,
  now: Date,
): Promise<Detail> {
  return db.transaction().execute(async (tx) => {
    // Locks the row (PostgreSQL) so that what the reopen undoes is what the record held.
    const before = await findCore(tx, entry, uuid, true)
    if (before.status === "pending") throw await alreadyDecided(tx, entry.noun, uuid, before)
    const changed = await tx
      .updateTable(entry.table)
      .set({
        status: "pending",
        decided_at: null,
        decided_by_user_id: null,
        decided_by_name: null,
        reason: null,
      })
      .where("id", "=", before.id)
      .where("status", "=", before.status)
      .returning("id")
      .executeTakeFirst()
    if (changed === undefined)
      throw conflict(`This ${entry.noun} changed while it was being reopened; try again.`)
    const details = await entry.onReopened(tx, await rowOf(tx, entry, changed.id), before.status, now)
    const row = await rowOf(tx, entry, changed.id)

    await recordAudit(tx, {
      recordKind: entry.recordKind,
      recordUuid: row.uuid,
      recordTitle: entry.titleOf(row),
      actor,
      action: "reopened",
      from: before.status,
      to: "pending",
      reason: reason?.trim() || null,
      details,
      at: now,
    })
    await announce(tx, {
      title: `${entry.title} reopened`,
      message: entry.reopenedMessage(row, actor.full_name, before.status),
      type: "system_alert",
      priority: "medium",
      actionUrl: entry.detailPath(row.uuid),
      actorUserId: actor.id,
      senderName: actor.full_name,
    })
    return entry.detail(tx, row, now)
  })
}
