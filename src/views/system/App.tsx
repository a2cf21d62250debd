import { OnDemandToaster } from "../shell/OnDemandToaster"
import { useAppliedTheme } from "../shell/use-applied-theme"
import { SupportRoot } from "../support/SupportRoot"
import { AppRoutes } from "./routes"

/** The whole app below the actor provider: the routes, the support panel and the app-wide toaster. */
export function App() {
  useAppliedTheme()
  return (
    <>
      <AppRoutes />
      <SupportRoot />
      <OnDemandToaster />
    </>
  )
}
