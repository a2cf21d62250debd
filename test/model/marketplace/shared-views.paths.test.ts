import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import {
  SHARED_VIEWS_LOAD_FAILED,
  type SharedViewsContext,
  sharedViewsMachine,
} from "../../../src/machines/marketplace/shared-views.machine"
import type { SavedViewCount } from "../../../src/schema/marketplace/saved-views"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The sidebar's shared views with their counts: the real machine with its load left pending.

const counted = (count: number): SavedViewCount => ({
  uuid: "00000000-0000-4000-8000-000000000001",
  name: "Emergencies",
  list: "work:pending",
  query: "urgency=emergency",
  count,
})
const machine = sharedViewsMachine.provide({
  actors: { loadShared: pending<ReadonlyArray<SavedViewCount>>() },
})
const events = pathEvents(machine, [
  { type: "sharedViews.refresh" },
  { type: "sharedViews.retry" },
  { type: "xstate.done.actor.loadShared", output: [counted(4)] },
  { type: "xstate.error.actor.loadShared", error: new Error("offline") },
  { type: "xstate.error.actor.loadShared", error: { status: 503, detail: "Down for maintenance." } },
])

const serializeState = (s: { value: unknown; context: SharedViewsContext }) =>
  JSON.stringify([s.value, s.context.views.length, s.context.error, s.context.again])

type Path = ReturnType<typeof getShortestPaths<typeof machine>>[number]

function walk(path: Path) {
  const actor = replay(machine, path.steps)
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  // The counts shown are the last that arrived: a failure since keeps them.
  const loaded = path.steps.some((s) => (s.event.type as string) === "xstate.done.actor.loadShared")
  expect(snap.context.views).toEqual(loaded ? [counted(4)] : [])
  const lastError = path.steps
    .map((s) => s.event as { type: string; error?: unknown })
    .findLast((e) => e.type === "xstate.error.actor.loadShared")
  if (snap.matches("failed"))
    expect(snap.context.error).toBe(
      lastError?.error instanceof Error ? SHARED_VIEWS_LOAD_FAILED : "Down for maintenance.",
    )
  if (snap.matches("ready")) expect(snap.context.error).toBeNull()
  if (!snap.matches("loading")) expect(snap.context.again).toBe(false)
  actor.stop()
}

describe("shared-views machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState })

  it("reaches loading, ready and failed", () => {
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(
      new Set(['"loading"', '"ready"', '"failed"']),
    )
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState })
      // A refresh during a load is owed, and loads once more when the load ends.
      for (const e of edges.filter(
        (r) =>
          r.steps.at(-1)?.event.type === "sharedViews.refresh" && r.steps.at(-2)?.state.value === "loading",
      ))
        expect(e.state.context.again).toBe(true)
      // Only failed counts load again when the connection is back.
      const retried = edges.filter(
        (e) => e.steps.at(-1)?.event.type === "sharedViews.retry" && e.state.value === "loading",
      )
      expect(new Set(retried.map((e) => e.steps.at(-2)?.state.value))).toEqual(new Set(["failed"]))
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
