import { assign, fromPromise, setup } from "xstate"
import type { DayPlan } from "../../schema/dashboard/plan"
import { failureText } from "../../schema/system/failure-text"

// The dashboard's plan of the day (docs/behaviour.md#planning-the-day): loaded when the dashboard shows,
// again on demand; a failure says so with a retry and leaves the rest of the dashboard alone.

export const DAY_PLAN_LOAD_FAILED = "The day's plan could not be loaded. Please try again."

export interface DayPlanContext {
  readonly plan: DayPlan | null
  readonly error: string | null
}

export type DayPlanEvent = { type: "plan.retry" } | { type: "plan.reload" }

const loadPlan = fromPromise<DayPlan, void>(() =>
  Promise.reject(new Error("provided by src/effects/dashboard/day-plan.actors.ts")),
)

export const dayPlanMachine = setup({
  types: {
    context: {} as DayPlanContext,
    events: {} as DayPlanEvent,
    input: {} as Record<string, never>,
  },
  actors: { loadPlan },
}).createMachine({
  id: "dayPlan",
  context: { plan: null, error: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadPlan",
        src: "loadPlan",
        onDone: { target: "ready", actions: assign({ plan: ({ event }) => event.output, error: null }) },
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => failureText(event.error, DAY_PLAN_LOAD_FAILED) }),
        },
      },
    },
    ready: { on: { "plan.reload": "loading" } },
    failed: { on: { "plan.retry": "loading" } },
  },
})
