import type { FastifyInstance } from "fastify"
import { expireOffers } from "../marketplace/offers/offer-expiry"

// Each instance expires offers nobody answered in time (docs/behaviour.md#offers), looking as often as it
// looks for overdue records (REMINDER_INTERVAL_SECONDS) and by the app's clock, so tests move time instead of
// waiting. A look still running when the next is due is not doubled; shutdown waits for it.

export async function offerExpiryJob(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services
  let running: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | null = null

  const look = () => {
    if (running) return
    running = expireOffers(database.db, new Date(clock.now()))
      .then((expired) => {
        if (expired > 0) app.log.info({ expired }, "offers expired")
      })
      .catch((error: unknown) => app.log.warn({ err: error }, "offer expiry failed"))
      .finally(() => {
        running = null
      })
  }

  app.addHook("onReady", async () => {
    timer = setInterval(look, config.reminderIntervalMs)
    timer.unref()
  })
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer)
    await running
  })
}
