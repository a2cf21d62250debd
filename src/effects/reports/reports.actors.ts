import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { type ReportPeriod, reportsMachine } from "../../machines/reports/reports.machine"
import { reportsApi } from "../../schema/api/reports"
import type { ReportSummary } from "../../schema/reports/reports"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

/** The reports page's one call: the figures for the period. */
export function provideReports(run: Run) {
  return reportsMachine.provide({
    actors: {
      loadReport: fromPromise<ReportSummary, ReportPeriod>(({ input }) =>
        run(Api.use((api) => callEndpoint(api, reportsApi.endpoints.summary, { query: { days: input } }))),
      ),
    },
  })
}
