import { useSyncExternalStore } from "react"
import { onToasterWanted, toasterWanted } from "../../effects/shell/toasts"

/** Whether a toast has been asked for yet: the toaster (and sonner's chunk) is needed from then on. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(onToasterWanted, toasterWanted)
}
