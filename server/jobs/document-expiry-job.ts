import type { FastifyInstance } from "fastify"
import { sendExpiryReminders } from "../documents/expiry-watch"
import { schedulePeriodic } from "./periodic-job"

// Each instance looks for documents of accepted companies nearing their expiry every
// `documentExpiryIntervalMs` (docs/behaviour.md#documents).

export async function documentExpiryJob(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services
  schedulePeriodic(app, () => ({
    what: "document expiry reminders",
    everyMs: config.documentExpiryIntervalMs,
    run: () => sendExpiryReminders(database.db, new Date(clock.now())),
    report: (sent) => app.log.info({ sent }, "document expiry reminders sent"),
  }))
}
