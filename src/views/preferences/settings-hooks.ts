import { useSelector } from "@xstate/react"
import { useSystemActor } from "../system/app-context"

// The settings page reads the preferences and push actors of the session; it selects and sends, nothing else.

export function usePreferencesActor() {
  return useSystemActor("preferences")
}

export function usePushActor() {
  return useSystemActor("push")
}

/** What the permission block shows, from the push actor's state. */
export type PushView =
  | { readonly kind: "checking" }
  | { readonly kind: "unsupported"; readonly reason: string }
  | { readonly kind: "default" | "denied" | "failed"; readonly canAsk: true }
  | { readonly kind: "granted" }

export function usePushView(): PushView {
  return useSelector(
    usePushActor(),
    (s): PushView => {
      if (s.matches("unsupported")) return { kind: "unsupported", reason: s.context.unavailable ?? "" }
      if (s.matches("blocked")) return { kind: "denied", canAsk: true }
      if (s.matches("notGranted")) return { kind: "default", canAsk: true }
      if (s.matches("failed")) return { kind: "failed", canAsk: true }
      if (s.matches("listening")) return { kind: "granted" }
      return { kind: "checking" }
    },
    samePushView,
  )
}

const samePushView = (a: PushView, b: PushView) => JSON.stringify(a) === JSON.stringify(b)
