import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { dayPlanMachine } from "../../machines/dashboard/day-plan.machine"
import { planningApi } from "../../schema/api/planning"
import type { DayPlan } from "../../schema/dashboard/plan"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

/** The plan's one call. */
export function provideDayPlan(run: Run) {
  return dayPlanMachine.provide({
    actors: {
      loadPlan: fromPromise<DayPlan, void>(() =>
        run(Api.use((api) => callEndpoint(api, planningApi.endpoints.plan, {}))),
      ),
    },
  })
}
