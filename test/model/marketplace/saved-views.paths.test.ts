import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import {
  type ChangeInput,
  SAVED_VIEW_CHANGE_FAILED,
  SAVED_VIEW_UNAVAILABLE,
  SAVED_VIEWS_LOAD_FAILED,
  type SavedViewsContext,
  savedViewsMachine,
} from "../../../src/machines/marketplace/saved-views.machine"
import type { SavedView, SavedViewList } from "../../../src/schema/marketplace/saved-views"
import {
  describeEvent,
  getEdgePaths,
  pathEvents,
  pending,
  replay,
  sendSystemEvent,
  WHOLE_GRAPH_TIMEOUT_MS,
} from "../walk"

// The saved views above a list: the real machine with its calls left pending, their outcomes as events.

const VIEW: SavedView = {
  uuid: "00000000-0000-4000-8000-000000000001",
  name: "Emergencies",
  list: "work:pending",
  query: "urgency=emergency",
  shared: true,
  owner: { id: 2, full_name: "Corey Coordinator" },
  editable: true,
  created_at: "2026-01-01T12:00:00.000Z",
}
const OTHER = "00000000-0000-4000-8000-0000000000ff"
const input = { list: "work:pending" as const }
const machine = savedViewsMachine.provide({
  actors: {
    loadViews: pending<ReadonlyArray<SavedView>, SavedViewList>(),
    changeViews: pending<unknown, ChangeInput>(),
  },
})

const events = pathEvents(machine, [
  { type: "views.save", name: "Emergencies", query: "urgency=emergency", shared: true },
  { type: "views.rename", uuid: VIEW.uuid, name: "Fires" },
  { type: "views.delete", uuid: VIEW.uuid },
  { type: "views.retry" },
  // The address names a view: one the caller may see, and another's private one (not among the loaded).
  { type: "views.open", uuid: VIEW.uuid },
  { type: "views.open", uuid: OTHER },
  { type: "xstate.done.actor.loadViews", output: [VIEW] },
  { type: "xstate.error.actor.loadViews", error: new Error("offline") },
  { type: "xstate.done.actor.changeViews", output: VIEW },
  { type: "xstate.error.actor.changeViews", error: { status: 409, detail: "Name taken." } },
])

const serializeState = (s: { value: unknown; context: SavedViewsContext }) =>
  JSON.stringify([
    s.value,
    s.context.views.length,
    s.context.error,
    s.context.changeError,
    s.context.requested,
    s.context.opened?.uuid ?? null,
    s.context.unavailable,
  ])

type Path = ReturnType<typeof getShortestPaths<typeof machine>>[number]

function walk(path: Path) {
  const actor = replay(machine, path.steps, { input })
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  if (snap.matches("failed")) expect(snap.context.error).toBe(SAVED_VIEWS_LOAD_FAILED)
  if (snap.matches("changing")) expect(snap.context.changeError).toBeNull()
  // A failed change says why until the next change, loading the views again meanwhile.
  const last = path.steps.findLast(
    (s) => s.event.type.startsWith("xstate.error.actor.changeViews") || s.event.type.startsWith("views."),
  )
  if ((last?.event.type as string | undefined) === "xstate.error.actor.changeViews") {
    expect(snap.context.changeError).not.toBeNull()
    expect(snap.context.changeError).not.toBe(SAVED_VIEW_CHANGE_FAILED)
  }
  // A view the address asked for opens once the views have loaded, or is said to be not available.
  const asked = path.steps.findLast((s) => s.event.type === "views.open")?.event as
    | { uuid: string }
    | undefined
  const loadedSince = asked
    ? path.steps
        .slice(path.steps.findLastIndex((s) => s.event.type === "views.open"))
        .some((s) => (s.event.type as string) === "xstate.done.actor.loadViews")
    : false
  const loadedBefore = path.steps.some((s) => (s.event.type as string) === "xstate.done.actor.loadViews")
  const resolved = asked !== undefined && (loadedSince || (loadedBefore && snapBefore(path)))
  if (asked && resolved) {
    expect(snap.context.requested).toBeNull()
    if (asked.uuid === VIEW.uuid) {
      expect(snap.context.opened?.query).toBe(VIEW.query)
      expect(snap.context.unavailable).toBe(false)
    } else expect(snap.context.unavailable).toBe(true)
  }
  if (asked && !resolved) expect(snap.context.requested).toBe(asked.uuid)
  if (snap.context.unavailable) expect(SAVED_VIEW_UNAVAILABLE).toMatch(/not available/)
  actor.stop()
}

/** Whether the last request arrived while the views were shown (ready), so it was resolved at once. */
function snapBefore(path: Path): boolean {
  const i = path.steps.findLastIndex((s) => s.event.type === "views.open")
  return i >= 0 && path.steps[i]?.state.value === "ready"
}

describe("saved-views machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState, input })

  it("reaches every state of the chart", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const v of ["loading", "ready", "changing", "failed"]) expect(reached).toContain(JSON.stringify(v))
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(machine, { events, serializeState, input })) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it("announces a change that succeeded, so the sidebar's shared views follow", () => {
    const actor = replay(machine, [], { input })
    const heard: string[] = []
    actor.on("savedViews.changed", (e) => heard.push(e.type))
    sendSystemEvent(actor, { type: "xstate.done.actor.loadViews", output: [VIEW] })
    actor.send({ type: "views.delete", uuid: VIEW.uuid })
    sendSystemEvent(actor, {
      type: "xstate.error.actor.changeViews",
      error: new Error("x"),
    })
    expect(heard).toEqual([])
    sendSystemEvent(actor, { type: "xstate.done.actor.loadViews", output: [VIEW] })
    actor.send({ type: "views.delete", uuid: VIEW.uuid })
    sendSystemEvent(actor, { type: "xstate.done.actor.changeViews", output: [] })
    expect(heard).toEqual(["savedViews.changed"])
    actor.stop()
  })

  it("opens the view the page's address named once the views have loaded; another's private one is not there", () => {
    for (const [uuid, opened] of [
      [VIEW.uuid, true],
      [OTHER, false],
    ] as const) {
      const actor = replay(machine, [], { input: { ...input, requested: uuid } })
      expect(actor.getSnapshot().context.requested).toBe(uuid)
      sendSystemEvent(actor, { type: "xstate.done.actor.loadViews", output: [VIEW] })
      const { context } = actor.getSnapshot()
      expect(context.opened?.query ?? null).toBe(opened ? VIEW.query : null)
      expect(context.unavailable).toBe(!opened)
      expect(context.requested).toBeNull()
      actor.stop()
    }
  })

  it("hands each change to its call with the list it belongs to", () => {
    const seen: ChangeInput[] = []
    const recording = savedViewsMachine.provide({
      actors: {
        loadViews: pending<ReadonlyArray<SavedView>, SavedViewList>(),
        changeViews: pending<unknown, ChangeInput>(),
      },
    })
    const actor = replay(recording, [], { input })
    sendSystemEvent(actor, { type: "xstate.done.actor.loadViews", output: [VIEW] })
    actor.send({ type: "views.rename", uuid: VIEW.uuid, name: "Fires" })
    const child = actor.getSnapshot().children.changeViews
    seen.push(child?.getSnapshot().input as ChangeInput)
    expect(seen).toEqual([
      { list: "work:pending", change: { kind: "rename", uuid: VIEW.uuid, name: "Fires" } },
    ])
    actor.stop()
  })
})
