// Turns push on for this instance when a sender exists, and says once in the log which way it is.
import type { FastifyInstance } from "fastify"
import { startPushDispatch } from "../push/dispatch"
import { PUSH_OFF_MESSAGE } from "../push/select-sender"

export async function pushJob(app: FastifyInstance): Promise<void> {
  const { database, clock, push } = app.services
  if (!push) {
    app.log.info(PUSH_OFF_MESSAGE)
    return
  }
  const stop = await startPushDispatch(database, push, () => new Date(clock.now()), {
    warn: (message, error) => app.log.warn(error === undefined ? {} : { err: error }, message),
  })
  app.log.info({ sender: push.name }, "push is on")
  app.addHook("onClose", stop)
}
