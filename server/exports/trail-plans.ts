import type { AuditExport, InboxExport } from "../../src/schema/exports/exports"
import type { Db } from "../marketplace/db"
import { DEFAULT_CHANNEL } from "../notifications/queries"
import { NOTIFICATION_COLUMNS } from "../notifications/wire"
import { type KeysetOrder, keysetBatch, nextCursor } from "./keyset"
import { type ExportPlan, exportFilename } from "./plan"

// The caller's notification inbox (with the inbox's filters, newest first as the inbox shows it) and the
// marketplace's audit trail (every record's or one record's, newest first), as CSV.

const NEWEST_FIRST: KeysetOrder = { column: "id", direction: "desc" }

export const INBOX_HEADERS = [
  "Id",
  "Created",
  "Type",
  "Priority",
  "Title",
  "Message",
  "Read",
  "Sender",
  "Link",
] as const

export function inboxPlan(db: Db, view: InboxExport, userId: number, now: Date): ExportPlan {
  return {
    filename: exportFilename(["notifications", view.archived === "true" ? "archived" : undefined], now),
    headers: INBOX_HEADERS,
    batch: async (after, limit) => {
      let query = db
        .selectFrom("notification")
        .where("user_id", "=", userId)
        .where("channel", "=", view.channel ?? DEFAULT_CHANNEL)
        .where("archived_at", view.archived === "true" ? "is not" : "is", null)
      if (view.is_read !== undefined) query = query.where("is_read", "=", view.is_read === "true")
      if (view.type !== undefined) query = query.where("notification_type", "=", view.type)
      if (view.priority !== undefined) query = query.where("priority", "=", view.priority)
      const rows = await keysetBatch(query.select(NOTIFICATION_COLUMNS), NEWEST_FIRST, after, limit).execute()
      return {
        next: nextCursor(rows, limit),
        rows: rows.map((n) => [
          n.id,
          n.created_at.toISOString(),
          n.notification_type,
          n.priority,
          n.title,
          n.message,
          n.is_read ? "yes" : "no",
          n.sender_name,
          n.action_url,
        ]),
      }
    },
  }
}

export const AUDIT_HEADERS = [
  "Id",
  "At",
  "Record kind",
  "Record",
  "Record title",
  "By",
  "Action",
  "From",
  "To",
  "Reason",
] as const

export function auditPlan(db: Db, view: AuditExport, now: Date): ExportPlan {
  return {
    filename: exportFilename(["audit-trail", view.record], now),
    headers: AUDIT_HEADERS,
    batch: async (after, limit) => {
      let query = db.selectFrom("marketplace_audit")
      if (view.record !== undefined) query = query.where("record_uuid", "=", view.record)
      const rows = await keysetBatch(query.selectAll(), NEWEST_FIRST, after, limit).execute()
      return {
        next: nextCursor(rows, limit),
        rows: rows.map((a) => [
          a.id,
          a.at.toISOString(),
          a.record_kind,
          a.record_uuid,
          a.record_title,
          a.actor_name,
          a.action,
          a.from_status,
          a.to_status,
          a.reason,
        ]),
      }
    },
  }
}
