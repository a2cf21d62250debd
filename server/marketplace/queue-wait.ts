import type { QueueTimes, WaitCounts } from "../../src/schema/queue-wait"
import type { Config } from "../config"
import type { Db } from "./db"
import { iso } from "./text"

// The server's side of waiting time (docs/behaviour.md#waiting-time): what the list and dashboard answers
// measure waits against, and the dashboard's due and overdue counts. A record is due from
// `due_after_seconds` of waiting and overdue from `overdue_after_seconds`, both inclusive, exactly as
// src/schema/queue-wait.ts reads the same numbers in the browser.

export type QueueSettings = Pick<Config, "queueDueAfterSeconds" | "queueOverdueAfterSeconds">

export const queueTimes = (settings: QueueSettings, now: Date): QueueTimes => ({
  as_of: iso(now),
  due_after_seconds: settings.queueDueAfterSeconds,
  overdue_after_seconds: settings.queueOverdueAfterSeconds,
})

/** The latest submission time at which a record is past `seconds` of waiting at `now`. */
export const submittedBy = (now: Date, seconds: number): Date => new Date(now.getTime() - seconds * 1000)

type Queue = "work" | "maintenance" | "application"

/** Pending records by their submission time: the one filter the lists, the counts and the reminders share. */
const pendingOf = (db: Db, queue: Queue) =>
  queue === "application"
    ? db.selectFrom("company_application").where("status", "=", "pending").select(["id", "submitted_at"])
    : db
        .selectFrom("service_request")
        .where("kind", "=", queue)
        .where("status", "=", "pending")
        .select(["id", "submitted_at"])

async function countsOf(db: Db, queue: Queue, times: QueueTimes): Promise<WaitCounts> {
  const now = new Date(times.as_of)
  const dueBy = submittedBy(now, times.due_after_seconds)
  const overdueBy = submittedBy(now, times.overdue_after_seconds)
  const row = await db
    .selectFrom(pendingOf(db, queue).as("p"))
    .where("p.submitted_at", "<=", dueBy)
    .select((eb) => [
      eb.fn.countAll<string | number>().as("due_or_overdue"),
      eb.fn.count<string | number>("p.id").filterWhere("p.submitted_at", "<=", overdueBy).as("overdue"),
    ])
    .executeTakeFirstOrThrow()
  const overdue = Number(row.overdue)
  return { due: Number(row.due_or_overdue) - overdue, overdue }
}

export async function waitingSummary(db: Db, times: QueueTimes) {
  const [work, maintenance, applications] = await Promise.all([
    countsOf(db, "work", times),
    countsOf(db, "maintenance", times),
    countsOf(db, "application", times),
  ])
  return {
    work_request: work,
    maintenance_request: maintenance,
    company_application: applications,
    queue: times,
  }
}
