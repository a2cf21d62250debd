import type { FastifyInstance } from "fastify"
import { sendOverdueReminders } from "../marketplace/reminders"
import { schedulePeriodic } from "./periodic-job"

// Each instance looks for newly overdue records every `reminderIntervalMs` (docs/behaviour.md#reminders).

export async function reminderJob(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services
  schedulePeriodic(app, () => ({
    what: "overdue reminders",
    everyMs: config.reminderIntervalMs,
    run: () =>
      sendOverdueReminders(database.db, {
        now: new Date(clock.now()),
        overdueAfterSeconds: config.queueOverdueAfterSeconds,
      }),
    report: (sent) => app.log.info({ sent }, "overdue reminders sent"),
  }))
}
