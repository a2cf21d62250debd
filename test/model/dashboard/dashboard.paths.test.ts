import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import {
  type DashboardContext,
  dashboardMachine,
  SUMMARY_LOAD_FAILED,
} from "../../../src/machines/dashboard/dashboard.machine"
import type { DashboardSummary } from "../../../src/schema/dashboard/dashboard"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"
import { summary } from "./summary-fixture"

// The real dashboard machine with its load left pending: the path delivers the summary or the failure.

const machine = dashboardMachine.provide({ actors: { loadSummary: pending<DashboardSummary>() } })
const events = pathEvents(machine, [
  { type: "dashboard.refresh" },
  // A view appeared: it loads the summary unless one has just arrived.
  { type: "dashboard.show" },
  { type: "xstate.after.freshFor.dashboard.ready.fresh" },
  { type: "xstate.done.actor.loadSummary", output: summary(3) },
  { type: "xstate.error.actor.loadSummary", error: { status: 503, detail: "Down for maintenance." } },
  { type: "xstate.error.actor.loadSummary", error: new Error("offline") },
  // The user's unread count changed (from the bus): the summary's copy follows, if there is a summary.
  { type: "dashboard.unread", unread: 7 },
  // The connection came back: only a failed summary loads again.
  { type: "dashboard.retry" },
  // Signed out: the summary was that user's, and goes.
  { type: "dashboard.clear" },
])

const serializeState = (s: { value: unknown; context: DashboardContext }) =>
  JSON.stringify([
    s.value,
    s.context.summary?.work_requests.pending ?? null,
    s.context.summary?.unread_notifications ?? null,
    s.context.error,
    s.context.again,
  ])

type Path = ReturnType<typeof getShortestPaths<typeof machine>>[number]

/** Replays a path; the summary shown is always the last one that arrived, whatever failed since. */
function walk(path: Path) {
  const actor = replay(machine, path.steps)
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  // A summary is shown when one arrived since the last sign-out.
  const types = path.steps.map((s) => (s.event as { type: string }).type)
  const loaded = types.lastIndexOf("xstate.done.actor.loadSummary") > types.lastIndexOf("dashboard.clear")
  // The unread count is the last one heard since the summary arrived; without a summary there is none to keep.
  const heard = types.lastIndexOf("dashboard.unread") > types.lastIndexOf("xstate.done.actor.loadSummary")
  expect(snap.context.summary).toEqual(loaded ? { ...summary(3), unread_notifications: heard ? 7 : 0 } : null)
  const last = path.steps
    .map((s) => s.event as { type: string; error?: unknown })
    .findLast((e) => e.type === "xstate.error.actor.loadSummary")
  if (snap.matches("failed"))
    expect(snap.context.error).toBe(
      last?.error instanceof Error ? SUMMARY_LOAD_FAILED : "Down for maintenance.",
    )
  if (snap.matches("ready")) expect(snap.context.error).toBeNull()
  // A refresh asked for during a load is owed only while loading.
  if (!snap.matches("loading")) expect(snap.context.again).toBe(false)
  actor.stop()
}

describe("dashboard machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState })

  it("reaches idle, loading, a fresh and a stale summary, and failed", () => {
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(
      new Set(['"idle"', '"loading"', '{"ready":"fresh"}', '{"ready":"stale"}', '"failed"']),
    )
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState })
      // Every state asks again on a refresh; a load in flight asks once more when it ends (a burst of changes
      // costs two loads, not one each).
      const refreshed = edges.filter((e) => e.steps.at(-1)?.event.type === "dashboard.refresh")
      expect(new Set(refreshed.map((e) => JSON.stringify(e.steps.at(-2)?.state.value)))).toEqual(
        new Set(['"idle"', '"loading"', '{"ready":"fresh"}', '{"ready":"stale"}', '"failed"']),
      )
      // A view appearing loads the summary, except while one loads or has just arrived.
      const shown = edges.filter((e) => e.steps.at(-1)?.event.type === "dashboard.show")
      const reloads = shown.filter((e) => e.state.value === "loading")
      expect(new Set(reloads.map((e) => JSON.stringify(e.steps.at(-2)?.state.value)))).toEqual(
        new Set(['"idle"', '{"ready":"stale"}', '"failed"']),
      )
      for (const e of refreshed.filter((r) => r.steps.at(-2)?.state.value === "loading"))
        expect(e.state.context.again).toBe(true)
      const retried = edges.filter((e) => e.steps.at(-1)?.event.type === "dashboard.retry")
      expect(new Set(retried.map((e) => e.steps.at(-2)?.state.value))).toEqual(new Set(["failed"]))
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
