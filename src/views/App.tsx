import { lazy, Suspense } from "react"
import { TOAST } from "../constants"
import { AppRoutes } from "./routes"
import { SupportRoot } from "./support/SupportRoot"
import { useAppliedTheme } from "./use-applied-theme"

// The toaster is not needed to sign in: loading it apart keeps the sign-in bundle within budget.
const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })))

/** The whole app below the actor provider: the routes and the one app-wide toaster (SPEC §9). */
export function App() {
  useAppliedTheme()
  return (
    <>
      <AppRoutes />
      <SupportRoot />
      <Suspense fallback={null}>
        <Toaster
          position={TOAST.position}
          duration={TOAST.defaultDurationMs}
          visibleToasts={TOAST.maxVisible}
          closeButton
        />
      </Suspense>
    </>
  )
}
