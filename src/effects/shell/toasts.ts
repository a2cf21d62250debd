import type { ExternalToast } from "sonner"
import { TOAST } from "../../constants"

// sonner is downloaded when the first toast is due, not before: a visit that never toasts (the sign-in page)
// never pays for it. The first call asks the app to mount its <Toaster> (from the same chunk) and shows the
// toast once sonner is here; sonner replays toasts made before its Toaster subscribed.

type Sonner = typeof import("sonner")
let sonner: Promise<Sonner> | null = null
let wanted = false
const listeners = new Set<() => void>()

/** sonner's download, and after a failure another a while later, until one arrives. */
const download = (): Promise<Sonner> =>
  import("sonner").catch(() => new Promise((resolve) => setTimeout(resolve, TOAST.retryMs)).then(download))

/**
 * sonner's module for the toasts and for the app's <Toaster>. A download that fails (the network gone, the
 * server restarting at the moment of the first toast) is tried again rather than kept: a failed import would
 * otherwise reach the toaster's render and take the whole page down with it, and no toast would show again.
 */
export function loadSonner(): Promise<Sonner> {
  sonner ??= download()
  return sonner
}

const load = (): Promise<Sonner> => {
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
    if (sonner) void sonner.then((m) => m.toast.dismiss(id))
  },
}
