import { type Kysely, sql } from "kysely"
import { linkTo } from "../../src/schema/system/app-routes"
import type { Database } from "../db/schema"
import { notify } from "../notifications/notify"
import { STAFF } from "./announce"
import { REMINDER_BATCH } from "./queue-constants"
import { submittedBy } from "./queue-wait"
import type { RecordCore, RecordKindEntry } from "./records/record-kind"
import { RECORD_KINDS } from "./records/record-kinds"
import type { QueueReminderTable } from "./reminder-tables"
import { formatWhen } from "./text"

// Overdue reminders (docs/behaviour.md#reminders). When a pending record has waited `overdue` seconds, the
// people who decide records get one `reminder` notification for it, through notify(), so it is live in the
// bell and pushed like every other. Every instance looks; a transaction-scoped advisory lock lets one look at
// a time, and the primary key of queue_reminder (inserted ON CONFLICT DO NOTHING) makes each record's
// reminder a claim that only one instance can win, even if the lock were lost.

/** Any constant shared by every instance; distinct from the migration lock's key. */
const REMINDER_LOCK_KEY = 4_711_002
/** Who a reminder is from: the back office itself, which also tells its reminders from seeded ones. */
export const REMINDER_SENDER = "Back office"

interface OverdueRecord {
  readonly record_kind: QueueReminderTable["record_kind"]
  readonly record_uuid: string
  readonly title: string
  readonly submitted_at: Date
}

type Tx = Kysely<Database>

/** When reminders began on this database: set by the first look, whichever instance makes it. */
async function remindersStarted(tx: Tx, now: Date): Promise<Date> {
  await tx
    .insertInto("queue_reminder_start")
    .values({ id: 1, started_at: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute()
  const row = await tx
    .selectFrom("queue_reminder_start")
    .select("started_at")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow()
  return row.started_at
}

/** One kind's pending records that became overdue after reminders began and by `now`, not yet reminded. */
async function overdueOf<Row extends RecordCore>(
  tx: Tx,
  entry: RecordKindEntry<Row, unknown, unknown>,
  after: Date,
  by: Date,
  limit: number,
): Promise<OverdueRecord[]> {
  const uuid = sql.ref(`${entry.table}.uuid`)
  let query = tx
    .selectFrom(entry.table)
    .select("id")
    .where("status", "=", "pending")
    .where("submitted_at", ">", after)
    .where("submitted_at", "<=", by)
    .where(sql<boolean>`not exists (select 1 from queue_reminder q where q.record_uuid = ${uuid})`)
  if (entry.requestKind !== null) query = query.where("kind", "=", entry.requestKind)
  const found = await query.orderBy("submitted_at").orderBy("id").limit(limit).execute()
  if (found.length === 0) return []
  const rows = await entry.rowsById(
    tx,
    found.map((r) => r.id),
  )
  return rows.map((row) => ({
    record_kind: entry.recordKind,
    record_uuid: row.uuid,
    title: entry.titleOf(row),
    submitted_at: row.submitted_at,
  }))
}

/** Pending records of every kind that became overdue, not yet reminded; oldest first. */
async function newlyOverdue(tx: Tx, after: Date, by: Date, limit: number): Promise<OverdueRecord[]> {
  const lists = await Promise.all([
    overdueOf(tx, RECORD_KINDS.work, after, by, limit),
    overdueOf(tx, RECORD_KINDS.maintenance, after, by, limit),
    overdueOf(tx, RECORD_KINDS.application, after, by, limit),
  ])
  return lists
    .flat()
    .sort((a, b) => a.submitted_at.getTime() - b.submitted_at.getTime())
    .slice(0, limit)
}

const NOUN: Readonly<Record<OverdueRecord["record_kind"], string>> = {
  work_request: RECORD_KINDS.work.noun,
  maintenance_request: RECORD_KINDS.maintenance.noun,
  company_application: RECORD_KINDS.application.noun,
}

export const reminderMessage = (record: OverdueRecord, overdueAfterSeconds: number): string =>
  `This ${NOUN[record.record_kind]} has been pending since ${formatWhen(record.submitted_at)}: ` +
  `over ${Math.round(overdueAfterSeconds / 3600)} hours without a decision.`

export interface ReminderRun {
  readonly now: Date
  readonly overdueAfterSeconds: number
  /** At most this many reminders in one look; the rest wait for the next. */
  readonly batch?: number
}

/** One look: reminds of every record that became overdue and was not yet reminded; returns how many. */
export function sendOverdueReminders(db: Kysely<Database>, run: ReminderRun): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(REMINDER_LOCK_KEY)})`.execute(tx)
    const started = await remindersStarted(tx, run.now)
    const found = await newlyOverdue(
      tx,
      submittedBy(started, run.overdueAfterSeconds),
      submittedBy(run.now, run.overdueAfterSeconds),
      run.batch ?? REMINDER_BATCH,
    )
    if (found.length === 0) return 0
    const claimed = await tx
      .insertInto("queue_reminder")
      .values(
        found.map((r) => ({ record_kind: r.record_kind, record_uuid: r.record_uuid, reminded_at: run.now })),
      )
      .onConflict((oc) => oc.columns(["record_kind", "record_uuid"]).doNothing())
      .returning(["record_kind", "record_uuid"])
      .execute()
    const won = new Set(claimed.map((c) => `${c.record_kind}/${c.record_uuid}`))
    for (const record of found.filter((r) => won.has(`${r.record_kind}/${r.record_uuid}`)))
      await notify(tx, {
        to: { categories: STAFF },
        title: `Overdue: ${record.title}`,
        message: reminderMessage(record, run.overdueAfterSeconds),
        notification_type: "reminder",
        priority: "high",
        action_url: linkTo.record(record.record_kind, record.record_uuid),
        sender_name: REMINDER_SENDER,
      })
    return won.size
  })
}
