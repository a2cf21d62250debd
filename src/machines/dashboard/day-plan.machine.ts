import { assign, fromPromise, setup } from "xstate"
import type { DayPlan } from "../../schema/dashboard/plan"
import { failureText } from "../../schema/system/failure-text"

// The dashboard's plan of the day (docs/behaviour.md#planning-the-day): loaded when the dashboard shows, and
// again whenever a record changes here or elsewhere (the bus's record facts), as the dashboard's counts are;
// the last plan stays on screen while the next loads, and a change heard during a load is one more load after
// it. A failure says so with a retry and leaves the rest of the dashboard alone.

export const DAY_PLAN_LOAD_FAILED = "The day's plan could not be loaded. Please try again."

export interface DayPlanContext {
  readonly plan: DayPlan | null
  readonly error: string | null
  /** A record changed while the plan was loading: it loads once more after. */
  readonly again: boolean
}

export type DayPlanEvent =
  | { type: "plan.retry" }
  /** A record changed (bus: records.changed, remoteChanged, resync, claimed, courseChanged). */
  | { type: "plan.reload" }

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
  guards: { again: ({ context }) => context.again },
}).createMachine({
  id: "dayPlan",
  context: { plan: null, error: null, again: false },
  initial: "loading",
  states: {
    loading: {
      entry: assign({ again: false }),
      on: { "plan.reload": { actions: assign({ again: true }) } },
      invoke: {
        id: "loadPlan",
        src: "loadPlan",
        onDone: [
          {
            guard: "again",
            target: "loading",
            reenter: true,
            actions: assign({ plan: ({ event }) => event.output, error: null }),
          },
          { target: "ready", actions: assign({ plan: ({ event }) => event.output, error: null }) },
        ],
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => failureText(event.error, DAY_PLAN_LOAD_FAILED) }),
        },
      },
    },
    ready: { on: { "plan.reload": "loading" } },
    failed: { on: { "plan.retry": "loading", "plan.reload": "loading" } },
  },
})
