import { type Kysely, sql } from "kysely"
import { addDays, DOCUMENT_EXPIRY, isoDay } from "../../src/schema/documents/checklist"
import { KIND_FACTS } from "../../src/schema/documents/kinds"
import { linkTo } from "../../src/schema/system/app-routes"
import type { Database } from "../db/schema"
import { STAFF } from "../marketplace/announce"
import { REMINDER_SENDER } from "../marketplace/reminders"
import { notify } from "../notifications/notify"

// The expiry watch (docs/behaviour.md#documents): for accepted companies, a document that expires within
// DOCUMENT_EXPIRY.warnDays reminds the staff who decide applications, once per document and threshold (30 and
// 7 days before, and once expired). Every instance looks; the advisory lock lets one look at a time, and the
// primary key of document_expiry_reminder makes each reminder a claim only one instance can win.

/** Any constant shared by every instance; distinct from the other jobs' keys. */
const EXPIRY_LOCK_KEY = 4_711_550
/** At most this many reminders in one look; the rest wait for the next. */
const EXPIRY_BATCH = 200

interface Due {
  readonly document_id: string
  readonly kind: keyof typeof KIND_FACTS
  readonly expires_on: string
  readonly company_name: string
  readonly application_uuid: string
  readonly threshold: number
}

/** The nearest threshold a document has reached: the smallest one at or above the days it has left. */
export const thresholdReached = (expiresOn: string, today: string): number | null => {
  const left = Math.round(
    (Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  )
  const reached = DOCUMENT_EXPIRY.reminderDays.filter((d) => (d === 0 ? left < 0 : left <= d))
  return reached.length === 0 ? null : Math.min(...reached)
}

export const expiryMessage = (due: Due): string =>
  due.threshold === 0
    ? `${due.company_name}'s ${KIND_FACTS[due.kind].label.toLowerCase()} expired on ${due.expires_on}.`
    : `${due.company_name}'s ${KIND_FACTS[due.kind].label.toLowerCase()} expires on ${due.expires_on}, within ${due.threshold} days.`

/** One look: reminds of every document of an accepted company that reached a threshold; returns how many. */
export function sendExpiryReminders(db: Kysely<Database>, now: Date): Promise<number> {
  const today = isoDay(now)
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(EXPIRY_LOCK_KEY)})`.execute(tx)
    const rows = await tx
      .selectFrom("record_document as d")
      .innerJoin("company_application as a", "a.uuid", "d.record_uuid")
      .select(["d.id", "d.kind", "d.expires_on", "a.company_name", "a.uuid"])
      .where("a.status", "=", "accepted")
      .where("d.expires_on", "is not", null)
      .where("d.expires_on", "<=", addDays(today, DOCUMENT_EXPIRY.warnDays))
      .orderBy("d.expires_on")
      .orderBy("d.id")
      .execute()
    const found: Due[] = rows.flatMap((r) => {
      const threshold = r.expires_on === null ? null : thresholdReached(r.expires_on, today)
      if (threshold === null || r.expires_on === null || r.kind === "photo") return []
      return [
        {
          document_id: r.id,
          kind: r.kind,
          expires_on: r.expires_on,
          company_name: r.company_name,
          application_uuid: r.uuid,
          threshold,
        },
      ]
    })
    const due = found.slice(0, EXPIRY_BATCH)
    if (due.length === 0) return 0
    const claimed = await tx
      .insertInto("document_expiry_reminder")
      .values(due.map((d) => ({ document_id: d.document_id, threshold_days: d.threshold, reminded_at: now })))
      .onConflict((oc) => oc.columns(["document_id", "threshold_days"]).doNothing())
      .returning(["document_id", "threshold_days"])
      .execute()
    const won = new Set(claimed.map((c) => `${c.document_id}/${c.threshold_days}`))
    const sent = due.filter((d) => won.has(`${d.document_id}/${d.threshold}`))
    for (const d of sent)
      await notify(tx, {
        to: { categories: STAFF },
        title: `${d.threshold === 0 ? "Expired" : "Expiring"}: ${d.company_name}'s ${KIND_FACTS[d.kind].label.toLowerCase()}`,
        message: expiryMessage(d),
        notification_type: "reminder",
        priority: d.threshold <= 7 ? "high" : "medium",
        action_url: linkTo.record("company_application", d.application_uuid),
        sender_name: REMINDER_SENDER,
      })
    return sent.length
  })
}
