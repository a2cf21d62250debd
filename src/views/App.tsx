import { Toaster } from "sonner"
import { TOAST } from "../constants"
import { useAppliedTheme } from "./layout/AppLayout"
import { AppRoutes } from "./routes"

/** The whole app below the actor provider: the routes and the one app-wide toaster (SPEC §9). */
export function App() {
  useAppliedTheme()
  return (
    <>
      <AppRoutes />
      <Toaster
        position={TOAST.position}
        duration={TOAST.defaultDurationMs}
        visibleToasts={TOAST.maxVisible}
        closeButton
      />
    </>
  )
}
