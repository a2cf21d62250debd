// Which push sender this instance uses, if any: Firebase Admin when configured, else push is off.
import { type Config, ConfigError } from "../config"
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
