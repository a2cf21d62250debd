// Turns push on for this instance when a sender exists, and says once in the log which way it is.
import type { FastifyInstance, FastifyPluginAsync } from "fastify"
import { type Config, ConfigError } from "../config"
import { startPushDispatch } from "./dispatch"
import { firebaseSender, readServiceAccount } from "./firebase-sender"
import type { PushSender } from "./push-sender"

export const PUSH_OFF_MESSAGE = "push is off: FIREBASE_SERVICE_ACCOUNT is not set"

/** Firebase Admin when a service account is configured; otherwise none. */
export async function selectPushSender(config: Config): Promise<PushSender | null> {
  if (config.firebaseServiceAccount === null) return null
  try {
    return await firebaseSender(readServiceAccount(config.firebaseServiceAccount))
  } catch (error) {
    throw new ConfigError(
      `FIREBASE_SERVICE_ACCOUNT could not be used: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

export const pushDispatchPlugin: FastifyPluginAsync = async (app: FastifyInstance) => {
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
