import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import {
  REPORTS_LOAD_FAILED,
  type ReportPeriod,
  type ReportsContext,
  reportsMachine,
} from "../../../src/machines/reports/reports.machine"
import type { ReportSummary } from "../../../src/schema/reports/reports"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The /reports page's figures: the real machine with its load left pending, outcomes as events.

const REPORT: ReportSummary = {
  days: 30,
  as_of: "2026-01-01T12:00:00.000Z",
  target_seconds: 259200,
  daily: [],
  by_kind: [],
  backlog: [],
  people: [],
  provider_acceptance: [],
}
const input = { period: "30" as const }
const machine = reportsMachine.provide({ actors: { loadReport: pending<ReportSummary, ReportPeriod>() } })

const events = pathEvents(machine, [
  { type: "reports.period", period: "90" },
  { type: "reports.refresh" },
  { type: "reports.retry" },
  { type: "xstate.done.actor.loadReport", output: REPORT },
  { type: "xstate.error.actor.loadReport", error: new Error("offline") },
])

const serializeState = (s: { value: unknown; context: ReportsContext }) =>
  JSON.stringify([s.value, s.context.period, s.context.again, s.context.report !== null, s.context.error])

type Path = ReturnType<typeof getShortestPaths<typeof machine>>[number]

function walk(path: Path) {
  const actor = replay(machine, path.steps, { input })
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  if (snap.matches("failed")) expect(snap.context.error).toBe(REPORTS_LOAD_FAILED)
  if (snap.matches("ready")) expect(snap.context.report).toEqual(REPORT)
  // A period chosen is the period loaded.
  const chose = path.steps.some((s) => s.event.type === "reports.period")
  expect(snap.context.period).toBe(chose ? "90" : "30")
  actor.stop()
}

describe("reports machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState, input })

  it("reaches every state of the chart", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const v of ["loading", "ready", "failed"]) expect(reached).toContain(JSON.stringify(v))
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(machine, { events, serializeState, input })) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it("loads once more when a decision lands during a load, keeping the last figures meanwhile", () => {
    const actor = replay(machine, [], { input })
    actor.send({ type: "reports.refresh" })
    expect(actor.getSnapshot().context.again).toBe(true)
    actor.stop()
  })
})
