import type { AuthUser } from "../../auth/users"
import { conflict } from "../../errors"
import { auditAndAnnounce } from "../audit-announce"
import { alreadyDecided } from "../conflict"
import type { Db } from "../db"
import type { RecordCore, RecordKindEntry } from "./record-kind"
import { findCore } from "./record-rows"

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
    const moved = await entry.move(tx, uuid, { to: decision.to, by: actor, reason, at: now })
    if (moved === undefined) throw await alreadyDecided(tx, entry.noun, uuid, await findCore(tx, entry, uuid))
    const row = moved.row
    const checked = to === "rejected" ? {} : await entry.checkDecided(tx, row, now, overrideReason)
    const details = { ...checked, ...(await entry.onDecided(tx, row, now)) }
    await auditAndAnnounce(
      tx,
      {
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
      },
      {
        ...entry.decidedNotice(row, actor.full_name, reason),
        title: `${entry.title} ${to}`,
        actionUrl: entry.detailPath(row.uuid),
        actorUserId: actor.id,
        senderName: actor.full_name,
      },
    )
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
    // The move locks the row (PostgreSQL) so that what the reopen undoes is what the record held.
    const moved = await entry.move(tx, uuid, { to: "pending" })
    if (moved === undefined) {
      const current = await findCore(tx, entry, uuid)
      if (current.status === "pending") throw await alreadyDecided(tx, entry.noun, uuid, current)
      throw conflict(`This ${entry.noun} changed while it was being reopened; try again.`)
    }
    const { row, was } = moved
    const details = await entry.onReopened(tx, row, was, now)
    await auditAndAnnounce(
      tx,
      {
        recordKind: entry.recordKind,
        recordUuid: row.uuid,
        recordTitle: entry.titleOf(row),
        actor,
        action: "reopened",
        from: was,
        to: "pending",
        reason: reason?.trim() || null,
        details,
        at: now,
      },
      {
        title: `${entry.title} reopened`,
        message: entry.reopenedMessage(row, actor.full_name, was),
        type: "system_alert",
        priority: "medium",
        actionUrl: entry.detailPath(row.uuid),
        actorUserId: actor.id,
        senderName: actor.full_name,
      },
    )
    return entry.detail(tx, row, now)
  })
}
