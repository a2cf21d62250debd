import { Context, Data, Effect, Layer } from "effect"
import type { PushPermission } from "../../schema/push/push"

// Every firebase call of the app sits behind this one service. The implementation is a separate chunk loaded
// on first use after sign-in: firebase (push-messaging-firebase.ts) normally, or the fake of the same shape
// (push-messaging-fake.ts) in a build made with VITE_PUSH_FAKE=1 for the end-to-end tests. Without firebase
// configuration push is unavailable and nothing of firebase is ever downloaded.

export class PushError extends Data.TaggedError("PushError")<{ readonly message: string }> {}

export interface PushMessagingShape {
  /** Why push cannot work here (it needs a service worker, a push manager and a build for it), or null. */
  readonly unavailable: Effect.Effect<string | null, PushError>
  readonly permission: Effect.Effect<PushPermission, PushError>
  /** Asks the browser; answers the permission that results. */
  readonly requestPermission: Effect.Effect<PushPermission, PushError>
  /** Registers the service worker at its fixed path and gets this browser's push token. */
  readonly token: Effect.Effect<string, PushError>
  /** The browser side of unregistering: the token stops working. */
  readonly deleteToken: Effect.Effect<void, PushError>
  /** Foreground messages (the page is open), raw; returns the unsubscribe. */
  readonly onForeground: (deliver: (payload: unknown) => void) => Effect.Effect<() => void, PushError>
}

/** The web configuration firebase needs, from the build's VITE_FIREBASE_* variables and the VAPID key. */
export interface FirebaseWebConfig {
  readonly options: {
    readonly apiKey: string
    readonly authDomain?: string
    readonly projectId: string
    readonly storageBucket?: string
    readonly messagingSenderId: string
    readonly appId: string
  }
  readonly vapidKey: string
}

const REQUIRED = [
  "VITE_FIREBASE_API_KEY",
  "VITE_FIREBASE_PROJECT_ID",
  "VITE_FIREBASE_MESSAGING_SENDER_ID",
  "VITE_FIREBASE_APP_ID",
  "VITE_FIREBASE_VAPID_KEY",
] as const

/** The configuration, or the names of the variables that are missing. */
export function firebaseConfigFromEnv(
  env: Record<string, string | undefined>,
): FirebaseWebConfig | { readonly missing: ReadonlyArray<string> } {
  const missing = REQUIRED.filter((name) => !env[name]?.trim())
  if (missing.length > 0) return { missing }
  const value = (name: string) => env[name]?.trim() ?? ""
  const authDomain = value("VITE_FIREBASE_AUTH_DOMAIN")
  const storageBucket = value("VITE_FIREBASE_STORAGE_BUCKET")
  return {
    options: {
      apiKey: value("VITE_FIREBASE_API_KEY"),
      projectId: value("VITE_FIREBASE_PROJECT_ID"),
      messagingSenderId: value("VITE_FIREBASE_MESSAGING_SENDER_ID"),
      appId: value("VITE_FIREBASE_APP_ID"),
      ...(authDomain ? { authDomain } : {}),
      ...(storageBucket ? { storageBucket } : {}),
    },
    vapidKey: value("VITE_FIREBASE_VAPID_KEY"),
  }
}

/** Push that cannot work here, for the given reason; every call but `unavailable` fails with it. */
export function unavailablePush(reason: string): PushMessagingShape {
  const fail = Effect.fail(new PushError({ message: reason }))
  return {
    unavailable: Effect.succeed(reason),
    permission: Effect.succeed("default"),
    requestPermission: fail,
    token: fail,
    deleteToken: Effect.succeed(undefined),
    onForeground: () => fail,
  }
}

// The reasons below are read by people on /settings; what a developer needs to fix them (the variables to set,
// the loading error) goes to the console.
export const NOT_SET_UP = "This site is not set up to send push notifications."
export const NOT_LOADED = "Push notifications could not be started. Reload the page to try again."

/** Defers every call to the implementation `load` resolves to, loading it once, on first use. */
export function lazyPush(load: () => Promise<PushMessagingShape>): PushMessagingShape {
  let loading: Promise<PushMessagingShape> | null = null
  const impl = Effect.promise(() => {
    loading ??= load().catch((error: unknown) => {
      console.warn("[push] the push messaging code could not be loaded:", error)
      return unavailablePush(NOT_LOADED)
    })
    return loading
  })
  return {
    unavailable: Effect.flatMap(impl, (p) => p.unavailable),
    permission: Effect.flatMap(impl, (p) => p.permission),
    requestPermission: Effect.flatMap(impl, (p) => p.requestPermission),
    token: Effect.flatMap(impl, (p) => p.token),
    deleteToken: Effect.flatMap(impl, (p) => p.deleteToken),
    onForeground: (deliver) => Effect.flatMap(impl, (p) => p.onForeground(deliver)),
  }
}

/** The implementation this build selects (see the top of this file). */
function loadSelected(env: Record<string, string | undefined>): Promise<PushMessagingShape> {
  if (import.meta.env.VITE_PUSH_FAKE === "1")
    return import("./push-messaging-fake").then((m) => m.fakePushMessaging())
  const config = firebaseConfigFromEnv(env)
  if ("missing" in config) {
    console.warn(`[push] push is off: set ${config.missing.join(", ")} when building the app.`)
    return Promise.resolve(unavailablePush(NOT_SET_UP))
  }
  return import("./push-messaging-firebase").then((m) => m.firebasePushMessaging(config))
}

export class PushMessaging extends Context.Service<PushMessaging, PushMessagingShape>()("app/PushMessaging") {
  static readonly layer = (env: Record<string, string | undefined>) =>
    Layer.succeed(
      PushMessaging,
      lazyPush(() => loadSelected(env)),
    )
}
