import type { FastifyInstance } from "fastify"
import { pruneLiveChanges } from "../live/change-log"
import { liveLogConfig } from "../live/config"

// Each instance prunes the live change log on a schedule (LIVE_LOG_RETENTION_SECONDS), by the app's clock so
// that tests move time instead of waiting. Several instances pruning at once delete the same rows: harmless.

export async function liveLogPruneJob(app: FastifyInstance): Promise<void> {
  const { database, clock } = app.services
  const config = liveLogConfig()
  let running: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | null = null

  const prune = () => {
    if (running) return
    running = pruneLiveChanges(database.db, new Date(clock.now() - config.retentionMs))
      .then((pruned) => {
        if (pruned > 0) app.log.debug({ pruned }, "live change log pruned")
      })
      .catch((error: unknown) => app.log.warn({ err: error }, "pruning the live change log failed"))
      .finally(() => {
        running = null
      })
  }

  app.addHook("onReady", async () => {
    timer = setInterval(prune, config.pruneEveryMs)
    timer.unref()
  })
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer)
    await running
  })
}
