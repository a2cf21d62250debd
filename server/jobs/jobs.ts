import type { FastifyInstance } from "fastify"
import { documentExpiryJob } from "./document-expiry-job"
import { liveLogPruneJob } from "./live-log-prune-job"
import { liveLogSequenceJob } from "./live-log-sequence-job"
import { mailJob } from "./mail-job"
import { offerExpiryJob } from "./offer-expiry-job"
import { pushJob } from "./push-job"
import { reminderJob } from "./reminder-job"

// Background work each instance runs beside the routes: it answers no request, so it is not a route plugin.
// Each job starts with the app (buildApp) and hooks its own stop into the app's close.

export type Job = (app: FastifyInstance) => Promise<void>

export const JOBS: readonly Job[] = [
  pushJob,
  reminderJob,
  liveLogPruneJob,
  liveLogSequenceJob,
  mailJob,
  documentExpiryJob,
  offerExpiryJob,
]

export async function startJobs(app: FastifyInstance): Promise<void> {
  for (const job of JOBS) await job(app)
}
