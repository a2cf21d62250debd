import { Effect } from "effect"
import { initializeApp } from "firebase/app"
import {
  deleteToken,
  getMessaging,
  getToken,
  isSupported,
  type Messaging,
  onMessage,
} from "firebase/messaging"
import type { PushPermission } from "../../schema/push/push"
import { type FirebaseWebConfig, PushError, type PushMessagingShape } from "./push-messaging"

// The real PushMessaging: the only module that imports firebase, loaded as its own chunk after sign-in.

/** The push service worker's fixed path; it lives in public/. */
export const SERVICE_WORKER_PATH = "/firebase-messaging-sw.js"

const failure = (what: string) => (error: unknown) =>
  new PushError({ message: `${what}: ${error instanceof Error ? error.message : String(error)}` })

export function firebasePushMessaging(config: FirebaseWebConfig): PushMessagingShape {
  let messaging: Messaging | null = null
  const instance = () => {
    messaging ??= getMessaging(initializeApp(config.options, "backoffice-push"))
    return messaging
  }
  const browserHasPush = () =>
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof window !== "undefined" &&
    "PushManager" in window &&
    "Notification" in window

  return {
    unavailable: Effect.tryPromise({
      try: async () => {
        if (!browserHasPush()) return "This browser has no service worker or push manager support."
        const supported = await isSupported().catch(() => false)
        return supported ? null : "Firebase messaging is not supported in this browser."
      },
      catch: failure("Checking push support failed"),
    }),
    permission: Effect.sync(() => Notification.permission as PushPermission),
    requestPermission: Effect.tryPromise({
      try: async () => (await Notification.requestPermission()) as PushPermission,
      catch: failure("Asking for notification permission failed"),
    }),
    token: Effect.tryPromise({
      try: async () => {
        const registration = await navigator.serviceWorker.register(SERVICE_WORKER_PATH)
        return getToken(instance(), { vapidKey: config.vapidKey, serviceWorkerRegistration: registration })
      },
      catch: failure("Getting the push token failed"),
    }),
    deleteToken: Effect.tryPromise({
      try: async () => {
        await deleteToken(instance())
      },
      catch: failure("Deleting the push token failed"),
    }),
    onForeground: (deliver) =>
      Effect.suspend(() => {
        try {
          return Effect.succeed(onMessage(instance(), (payload) => deliver(payload)))
        } catch (error) {
          return Effect.fail(failure("Listening for push messages failed")(error))
        }
      }),
  }
}
