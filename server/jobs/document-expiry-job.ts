import type { FastifyInstance } from "fastify"
import { sendExpiryReminders } from "../documents/expiry-watch"

// Each instance looks for documents of accepted companies nearing their expiry every
// `documentExpiryIntervalMs` (docs/behaviour.md#documents), by the app's clock so that tests move time
// instead of waiting for it. A look still running when the next is due is not doubled; shutdown waits for it.

export async function documentExpiryJob(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services
  let running: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | null = null

  const look = () => {
    if (running) return
    running = sendExpiryReminders(database.db, new Date(clock.now()))
      .then((sent) => {
        if (sent > 0) app.log.info({ sent }, "document expiry reminders sent")
      })
      .catch((error: unknown) => app.log.warn({ err: error }, "document expiry reminders failed"))
      .finally(() => {
        running = null
      })
  }

  app.addHook("onReady", async () => {
    timer = setInterval(look, config.documentExpiryIntervalMs)
    timer.unref()
  })
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer)
    await running
  })
}
