import type { FastifyInstance } from "fastify"
import { sendOverdueReminders } from "../marketplace/reminders"

// Each instance looks for newly overdue records every `reminderIntervalMs` (docs/behaviour.md#reminders),
// measured by the app's clock so that tests move time instead of waiting for it. A look still running when
// the next is due is not doubled; shutdown waits for it.

export async function reminderJob(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services
  let running: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | null = null

  const look = () => {
    if (running) return
    running = sendOverdueReminders(database.db, {
      now: new Date(clock.now()),
      overdueAfterSeconds: config.queueOverdueAfterSeconds,
    })
      .then((sent) => {
        if (sent > 0) app.log.info({ sent }, "overdue reminders sent")
      })
      .catch((error: unknown) => app.log.warn({ err: error }, "overdue reminders failed"))
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
