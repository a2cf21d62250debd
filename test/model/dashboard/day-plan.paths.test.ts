import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import {
  DAY_PLAN_LOAD_FAILED,
  type DayPlanContext,
  dayPlanMachine,
} from "../../../src/machines/dashboard/day-plan.machine"
import type { DayPlan } from "../../../src/schema/dashboard/plan"
import {
  describeEvent,
  getEdgePaths,
  pathEvents,
  pending,
  replay,
  sendSystemEvent,
  WHOLE_GRAPH_TIMEOUT_MS,
} from "../walk"

// The dashboard's plan of the day: the real machine with its load left pending, outcomes as events.

const PLAN: DayPlan = {
  queue: { as_of: "2026-01-01T12:00:00.000Z", due_after_seconds: 86400, overdue_after_seconds: 259200 },
  day_ends_at: "2026-01-02T00:00:00.000Z",
  kinds: [{ kind: "work", mine: 1, emergencies: 2, due_today: 3, overdue: 4, awaiting_providers: 5 }],
  load: [{ id: 2, full_name: "Corey Coordinator", open: 1 }],
}
const input = {}
const machine = dayPlanMachine.provide({ actors: { loadPlan: pending<DayPlan, void>() } })

const events = pathEvents(machine, [
  { type: "plan.retry" },
  { type: "plan.reload" },
  { type: "xstate.done.actor.loadPlan", output: PLAN },
  { type: "xstate.error.actor.loadPlan", error: new Error("offline") },
])

const serializeState = (s: { value: unknown; context: DayPlanContext }) =>
  JSON.stringify([s.value, s.context.plan !== null, s.context.error, s.context.again])

type Path = ReturnType<typeof getShortestPaths<typeof machine>>[number]

function walk(path: Path) {
  const actor = replay(machine, path.steps, { input })
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  if (snap.matches("failed")) expect(snap.context.error).toBe(DAY_PLAN_LOAD_FAILED)
  if (snap.matches("ready")) expect(snap.context.plan).toEqual(PLAN)
  actor.stop()
}

describe("day-plan machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState, input })

  it("reaches every state of the chart", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const v of ["loading", "ready", "failed"]) expect(reached).toContain(JSON.stringify(v))
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it("a record changed during a load loads the plan once more, keeping the last plan on screen", () => {
    const actor = createActor(machine, { input }).start()
    actor.send({ type: "plan.reload" })
    actor.send({ type: "plan.reload" })
    expect(actor.getSnapshot().context.again).toBe(true)
    sendSystemEvent(actor, { type: "xstate.done.actor.loadPlan", output: PLAN })
    expect(actor.getSnapshot().value).toBe("loading")
    expect(actor.getSnapshot().context).toMatchObject({ plan: PLAN, again: false })
    sendSystemEvent(actor, { type: "xstate.done.actor.loadPlan", output: PLAN })
    expect(actor.getSnapshot().value).toBe("ready")
    actor.stop()
  })

  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(machine, { events, serializeState, input })) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
