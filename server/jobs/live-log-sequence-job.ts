import type { FastifyInstance } from "fastify"
import { sweepPendingChanges } from "../live/change-log"
import { LIVE_SWEEP_EVERY_MS } from "../live/config"
import { schedulePeriodic } from "./periodic-job"

// Each instance gives positions to live changes left pending (server/live/change-log.ts): a commit's own
// sequencing normally moves them at once, so this finds some only after an instance died between the two, or
// while a commit's sequencing is on its way (then it does that commit's work, harmlessly).

export async function liveLogSequenceJob(app: FastifyInstance): Promise<void> {
  const { database } = app.services
  schedulePeriodic(app, () => ({
    what: "sequencing pending live changes",
    everyMs: LIVE_SWEEP_EVERY_MS,
    run: () => sweepPendingChanges(database.db),
    report: (moved) => app.log.debug({ moved }, "pending live changes sequenced"),
  }))
}
