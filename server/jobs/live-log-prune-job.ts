import type { FastifyInstance } from "fastify"
import { pruneLiveChanges } from "../live/change-log"
import { liveLogConfig } from "../live/config"
import { schedulePeriodic } from "./periodic-job"

// Each instance prunes the live change log on a schedule (LIVE_LOG_RETENTION_SECONDS). Several instances
// pruning at once delete the same rows: harmless.

export async function liveLogPruneJob(app: FastifyInstance): Promise<void> {
  const { database, clock } = app.services
  schedulePeriodic(app, () => {
    const config = liveLogConfig()
    return {
      what: "pruning the live change log",
      everyMs: config.pruneEveryMs,
      run: () => pruneLiveChanges(database.db, new Date(clock.now() - config.retentionMs)),
      report: (pruned) => app.log.debug({ pruned }, "live change log pruned"),
    }
  })
}
