import { Effect } from "effect"
import type { PushPermission } from "../../schema/push/push"
import { PushError, type PushMessagingShape } from "./push-messaging"

// The PushMessaging of a build made with VITE_PUSH_FAKE=1, for end-to-end tests: no firebase, no network.
// The page drives it through window.__pushFake: set its fields before the app loads (an init script) to
// choose an outcome, and call deliver() to hand the app a foreground message.

export interface PushFakeControl {
  /** null: supported; a string: unavailable for that reason. */
  unavailable: string | null
  permission: PushPermission
  /** What requestPermission answers. */
  answer: PushPermission
  /** A token, or null to make getting one fail. */
  token: string | null
  /** Filled by the app: what happened, in order, for the test to read. */
  readonly calls: string[]
  /** Delivers a foreground message as firebase's onMessage would; false when nothing listens. */
  deliver: (payload: unknown) => boolean
}

declare global {
  interface Window {
    __pushFake?: Partial<PushFakeControl>
  }
}

export function fakePushMessaging(): PushMessagingShape {
  const preset = window.__pushFake ?? {}
  const listeners = new Set<(payload: unknown) => void>()
  const control: PushFakeControl = {
    unavailable: preset.unavailable ?? null,
    permission: preset.permission ?? "default",
    answer: preset.answer ?? "granted",
    token: preset.token === undefined ? "fake-push-token" : preset.token,
    calls: [],
    deliver: (payload) => {
      for (const listener of listeners) listener(payload)
      return listeners.size > 0
    },
  }
  window.__pushFake = control
  const record = (call: string) => control.calls.push(call)
  return {
    unavailable: Effect.sync(() => control.unavailable),
    permission: Effect.sync(() => control.permission),
    requestPermission: Effect.sync(() => {
      record("requestPermission")
      control.permission = control.answer
      return control.permission
    }),
    token: Effect.suspend(() => {
      record("token")
      return control.token === null
        ? Effect.fail(new PushError({ message: "The fake was told to fail the token." }))
        : Effect.succeed(control.token)
    }),
    deleteToken: Effect.sync(() => {
      record("deleteToken")
    }),
    onForeground: (deliver) =>
      Effect.sync(() => {
        record("onForeground")
        listeners.add(deliver)
        return () => {
          listeners.delete(deliver)
        }
      }),
  }
}
