import { Effect } from "effect"
import { navigate } from "wouter/use-browser-location"
import { fromCallback, fromPromise } from "xstate"
import { TOAST } from "../../constants"
import { type PushEvent, pushMachine, type Support } from "../../machines/push/push.machine"
import { toPushMessage } from "../../machines/push/push-message"
import type { PushPermission } from "../../schema/push/push"
import { NotificationsApi } from "../notifications/notifications-api"
import { toast } from "../shell/toasts"
import { retryWithDelays } from "../system/retry"
import { PushApi } from "./push-api"
import { PushMessaging } from "./push-messaging"
import { pushQueryRetry } from "./push-retry"

// The push machine with its IO: each actor one PushMessaging or PushApi call, each
// announcement a sonner toast, navigation through the browser location wouter follows.

type Services = PushMessaging | PushApi | NotificationsApi
type Run = <A, E>(effect: Effect.Effect<A, E, Services>) => Promise<A>

const PUSH_LOG = "[push]"

export function providePush(run: Run) {
  const listen = fromCallback<PushEvent>(({ sendBack }) => {
    let unsubscribe: (() => void) | null = null
    let stopped = false
    run(
      PushMessaging.use((p) =>
        p.onForeground((raw) => {
          const message = toPushMessage(raw)
          if (!message) return console.warn(PUSH_LOG, "ignored a push message that does not decode", raw)
          sendBack({ type: "push.message", message, visible: document.visibilityState === "visible" })
        }),
      ),
    ).then(
      (off) => {
        if (stopped) off()
        else unsubscribe = off
      },
      (error: unknown) => console.warn(PUSH_LOG, "foreground messages are not available", error),
    )
    return () => {
      stopped = true
      unsubscribe?.()
    }
  })

  return pushMachine.provide({
    actors: {
      checkSupport: fromPromise<Support>(() =>
        run(
          PushMessaging.use((p) =>
            Effect.all({ unavailable: p.unavailable, permission: p.permission }, { concurrency: 1 }),
          ),
        ),
      ),
      requestPermission: fromPromise<PushPermission>(() =>
        run(PushMessaging.use((p) => p.requestPermission)),
      ),
      getToken: fromPromise<string>(() =>
        run(PushMessaging.use((p) => retryWithDelays(p.token, pushQueryRetry))),
      ),
      registerToken: fromPromise<void, { token: string }>(({ input }) =>
        run(PushApi.use((a) => a.register(input.token))),
      ),
      listen,
      unregister: fromPromise<void>(() =>
        run(PushMessaging.use((p) => p.deleteToken)).catch((error: unknown) =>
          console.warn(PUSH_LOG, "the browser's push token could not be deleted", error),
        ),
      ),
      markRead: fromPromise<void, { id: number }>(({ input }) =>
        run(NotificationsApi.use((a) => a.markReadFromToast(input.id))).then(
          () => undefined,
          (error: unknown) => console.warn(PUSH_LOG, `marking notification ${input.id} read failed`, error),
        ),
      ),
    },
    actions: {
      warnUnavailable: (_, { reason }) => console.warn(PUSH_LOG, `Push messaging unavailable: ${reason}`),
      logFailure: (_, { step, error }) => console.warn(PUSH_LOG, `${step} failed`, error),
      showError: (_, { message }) => toast.error(message),
      showPushToast: ({ self }, { message }) =>
        toast.message(message.title, {
          // One toast per notification: a repeat delivery replaces it instead of stacking.
          ...(message.notificationId !== null ? { id: `push-${message.notificationId}` } : {}),
          description: message.body,
          duration: TOAST.pushDurationMs,
          position: TOAST.position,
          action: { label: "View", onClick: () => self.send({ type: "push.view", message }) },
        }),
      navigate: (_, { path }) => navigate(path),
    },
  })
}
