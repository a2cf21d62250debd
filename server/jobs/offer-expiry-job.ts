import type { FastifyInstance } from "fastify"
import { expireOffers } from "../marketplace/offers/offer-expiry"
import { schedulePeriodic } from "./periodic-job"

// Each instance expires offers nobody answered in time (docs/behaviour.md#offers), looking as often as it
// looks for overdue records (REMINDER_INTERVAL_SECONDS).

export async function offerExpiryJob(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services
  schedulePeriodic(app, () => ({
    what: "offer expiry",
    everyMs: config.reminderIntervalMs,
    run: () => expireOffers(database.db, new Date(clock.now())),
    report: (expired) => app.log.info({ expired }, "offers expired"),
  }))
}
