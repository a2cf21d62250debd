import { describe, expect, it } from "vitest"
import { createActor, fromCallback } from "xstate"
import { getShortestPaths, getSimplePaths } from "xstate/graph"
import { LAYOUT } from "../../../src/constants"
import { type SidebarEvent, sidebarMachine } from "../../../src/machines/shell/sidebar.machine"
import { recordedActor } from "../coverage"
import { getEdgePaths, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

const machine = sidebarMachine.provide({ actors: { watchViewport: fromCallback(() => () => {}) } })

const events: SidebarEvent[] = [
  { type: "sidebar.toggle" },
  { type: "sidebar.close" },
  { type: "sidebar.viewport", narrow: true },
  { type: "sidebar.viewport", narrow: false },
]
// The search counter grows without end; a state is its chart position and the viewport.
const serializeState = (s: { value: unknown; context: { narrow: boolean } }) =>
  JSON.stringify([s.value, s.context.narrow])

const paths = getSimplePaths(machine, { events, serializeState })

describe("sidebar machine paths", () => {
  it("reaches every chart state with both viewports", () => {
    const reached = new Set(paths.map((p) => serializeState(p.state)))
    expect(reached).toEqual(
      new Set([
        JSON.stringify(["expanded", false]),
        JSON.stringify(["collapsed", false]),
        JSON.stringify(["expanded", true]),
        JSON.stringify(["collapsed", true]),
      ]),
    )
  })

  const walk = (path: (typeof paths)[number]) => {
    const actor = recordedActor(machine).start()
    for (const step of path.steps.slice(1)) actor.send(step.event)
    const snap = actor.getSnapshot()
    expect(snap.value).toEqual(path.state.value)
    expect(snap.context.narrow).toBe(path.state.context.narrow)
    // Crossing into the narrow viewport (below 768 px) always folds the sidebar away.
    const last = path.steps.at(-1)?.event
    if (last?.type === "sidebar.viewport" && last.narrow) expect(snap.value).toBe("collapsed")
    actor.stop()
  }
  for (const path of paths) {
    it(`${path.steps.map((s) => (s.event.type === "sidebar.viewport" ? `viewport(${s.event.narrow ? "narrow" : "wide"})` : s.event.type)).join(" → ")}`, () =>
      walk(path))
  }

  it(
    "takes every event from every state it reaches",
    () => {
      // Groups and the search query change no chart state: only these walks take them.
      const withContextEvents: SidebarEvent[] = [
        ...events,
        { type: "sidebar.toggleGroup", group: "work" },
        { type: "sidebar.search", query: "boiler" },
      ]
      const edges = getEdgePaths(machine, { events: withContextEvents, serializeState })
      // The overlay closes after navigation only when it is one: on a narrow screen.
      for (const e of edges.filter((x) => x.steps.at(-1)?.event.type === "sidebar.close"))
        expect(e.state.value).toBe(
          e.steps.at(-2)?.state.context.narrow ? "collapsed" : e.steps.at(-2)?.state.value,
        )
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})

describe("sidebar rules", () => {
  it("closes the overlay after navigation only on a narrow screen", () => {
    const actor = createActor(machine).start()
    actor.send({ type: "sidebar.close" })
    expect(actor.getSnapshot().value).toBe("expanded")
    actor.send({ type: "sidebar.viewport", narrow: true })
    actor.send({ type: "sidebar.toggle" })
    expect(actor.getSnapshot().value).toBe("expanded")
    actor.send({ type: "sidebar.close" })
    expect(actor.getSnapshot().value).toBe("collapsed")
  })

  it("folds and unfolds groups", () => {
    const actor = createActor(machine).start()
    actor.send({ type: "sidebar.toggleGroup", group: "more" })
    expect(actor.getSnapshot().context.openGroups).not.toContain("more")
    actor.send({ type: "sidebar.toggleGroup", group: "more" })
    expect(actor.getSnapshot().context.openGroups).toContain("more")
  })

  it("follows the viewport actor's reports", () => {
    let report: ((narrow: boolean) => void) | undefined
    const live = sidebarMachine.provide({
      actors: {
        watchViewport: fromCallback<SidebarEvent>(({ sendBack }) => {
          report = (narrow) => sendBack({ type: "sidebar.viewport", narrow })
          return () => {}
        }),
      },
    })
    const actor = createActor(live).start()
    report?.(true)
    expect(actor.getSnapshot().value).toBe("collapsed")
    report?.(false)
    expect(actor.getSnapshot().value).toBe("expanded")
    expect(LAYOUT.mobileBreakpointPx).toBe(768)
  })

  it("has shortest paths to both chart states", () => {
    const shortest = getShortestPaths(machine, { events, serializeState })
    expect(new Set(shortest.map((p) => p.state.value))).toEqual(new Set(["expanded", "collapsed"]))
  })
})
