import { OnDemandToaster } from "../shell/OnDemandToaster"
import { AppRoutes } from "./routes"
import { SupportRoot } from "../support/SupportRoot"
import { useAppliedTheme } from "../shell/use-applied-theme"

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
