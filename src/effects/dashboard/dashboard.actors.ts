import { fromPromise } from "xstate"
import { dashboardMachine } from "../../machines/dashboard/dashboard.machine"
import type { DashboardSummary } from "../../schema/dashboard/dashboard"
import { callLoadedEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"
import { type AppRuntime, runForActor } from "../system/runtime"

// The summary's record (built with Schema) is fetched with its first call, alongside the answer, as the
// sign-in page's calls are (../system/load-decoding.ts): Schema is not part of what the dashboard waits for.
const summaryEndpoint = () =>
  import("../../schema/api/dashboard").then((m) => m.dashboardApi.endpoints.summary)

/** The dashboard's machine with its IO: the summary is one call, on the root runtime's own Api. */
export function provideDashboard(root: AppRuntime) {
  return dashboardMachine.provide({
    actors: {
      loadSummary: fromPromise<DashboardSummary>(() =>
        runForActor(
          root,
          Api.use((api) => callLoadedEndpoint(api, summaryEndpoint, {})),
        ),
      ),
    },
  })
}
