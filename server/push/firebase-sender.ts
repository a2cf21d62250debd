// The production sender: Firebase Admin's multicast send, with the service account from
// FIREBASE_SERVICE_ACCOUNT. Loaded only when that is configured, so servers without push never load the SDK.
import { readFileSync } from "node:fs"
import type { PushOutcome, PushSender } from "./push-sender"

/** Codes for a token that will never work again: the browser unsubscribed, or it was never valid. */
const GONE = new Set(["messaging/registration-token-not-registered", "messaging/invalid-registration-token"])

/** FCM accepts at most this many tokens per multicast. */
const MULTICAST_MAX = 500

/** The variable holds the JSON itself or the path of the JSON file Google's console downloads. */
export function readServiceAccount(raw: string): Record<string, unknown> {
  const text = raw.trim().startsWith("{") ? raw : readFileSync(raw, "utf8")
  const parsed: unknown = JSON.parse(text)
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error("FIREBASE_SERVICE_ACCOUNT is not a service-account JSON object.")
  return parsed as Record<string, unknown>
}

export async function firebaseSender(serviceAccount: Record<string, unknown>): Promise<PushSender> {
  const { cert, initializeApp } = await import("firebase-admin/app")
  const { getMessaging } = await import("firebase-admin/messaging")
  // A named app: several servers built in one process (tests) must not collide on the default one.
  const app = initializeApp({ credential: cert(serviceAccount) }, `backoffice-push-${Date.now()}`)
  const messaging = getMessaging(app)
  return {
    name: "firebase",
    send: async (tokens, payload): Promise<PushOutcome> => {
      const unregistered: string[] = []
      for (let i = 0; i < tokens.length; i += MULTICAST_MAX) {
        const batch = tokens.slice(i, i + MULTICAST_MAX)
        const result = await messaging.sendEachForMulticast({
          tokens: [...batch],
          // Data only: the service worker shows the notification itself, tagged with its id.
          data: { title: payload.title, body: payload.body, ...payload.data },
          webpush: { headers: { Urgency: "high" } },
        })
        result.responses.forEach((response, index) => {
          const token = batch[index]
          if (!response.success && token && GONE.has(response.error?.code ?? "")) unregistered.push(token)
        })
      }
      return { unregistered }
    },
  }
}
