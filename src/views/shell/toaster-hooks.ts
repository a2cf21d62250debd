import { useSyncExternalStore } from "react"
import { loadSonner, onToasterWanted, toasterWanted } from "../../effects/shell/toasts"

/** Whether a toast has been asked for yet: the toaster (and sonner's chunk) is needed from then on. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(onToasterWanted, toasterWanted)
}

/** The app's toaster, from sonner's module as the toasts load it (a failed download is tried again). */
export const loadToaster = () => loadSonner().then((m) => ({ default: m.Toaster }))
