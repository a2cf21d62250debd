import type { ExternalToast } from "sonner"

// sonner is loaded on first use, so that it stays out of the sign-in bundle (ARCHITECTURE.md budget);
// the app's <Toaster> is loaded lazily from the same chunk.
type Toast = typeof import("sonner").toast
let loading: Promise<Toast> | null = null
const load = (): Promise<Toast> => {
  loading ??= import("sonner").then((m) => m.toast)
  return loading
}

type Kind = "success" | "warning" | "error" | "info" | "message"
const show =
  (kind: Kind) =>
  (message: string, options?: ExternalToast): void => {
    void load().then((toast) => toast[kind](message, options))
  }

/** The app-wide toasts, with sonner's call shape. */
export const toast = {
  success: show("success"),
  warning: show("warning"),
  error: show("error"),
  info: show("info"),
  message: show("message"),
  dismiss: (id?: string | number): void => {
    void load().then((t) => t.dismiss(id))
  },
}
