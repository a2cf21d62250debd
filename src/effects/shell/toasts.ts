import type { ExternalToast } from "sonner"
import { PART_RETRY_MS } from "../../constants"
import { onDemand } from "../system/load-chunk"

// sonner is downloaded when the first toast is due, not before: a visit that never toasts (the sign-in page)
// never pays for it. The first call asks the app to mount its <Toaster> (from the same chunk) and shows the
// toast once sonner is here; sonner replays toasts made before its Toaster subscribed.

let wanted = false
const listeners = new Set<() => void>()

/**
 * sonner's module for the toasts and for the app's <Toaster>. A failed download is tried again rather than
 * kept, so that the toasts asked for meanwhile show once it arrives.
 */
export const loadSonner = onDemand(() => import("sonner"), PART_RETRY_MS)

const load = (): ReturnType<typeof loadSonner> => {
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  return loadSonner()
}

/** Whether a toast has been asked for yet: the app mounts its toaster from then on. */
export const toasterWanted = (): boolean => wanted

/** Called once when the first toast is asked for (for useSyncExternalStore). */
export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

type Kind = "success" | "warning" | "error" | "info" | "message"
const show =
  (kind: Kind) =>
  (message: string, options?: ExternalToast): void => {
    void load().then((m) => m.toast[kind](message, options))
  }

/** The app-wide toasts, with sonner's call shape. */
export const toast = {
  success: show("success"),
  warning: show("warning"),
  error: show("error"),
  info: show("info"),
  message: show("message"),
  dismiss: (id?: string | number): void => {
    // Nothing can be on screen before the first toast: dismissing then must not download sonner.
    if (wanted) void loadSonner().then((m) => m.toast.dismiss(id))
  },
}
