import { describe, expect, it } from "vitest"
import { type AnyActorLogic, type EventObject, fromCallback, fromPromise, setup } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { SESSION_LOAD_FAILED } from "../../../src/machines/system/app.machine"
import { openPage } from "../../../src/machines/system/pages"
import { lookupRest, REST_ACTOR_IDS, SESSION_ACTOR_IDS } from "../../../src/machines/system/registry"
import {
  type LoadRestInput,
  type SessionEvent,
  sessionMachine,
} from "../../../src/machines/system/session.machine"
import { recordedActor } from "../coverage"
import { describeEvent, getEdgePaths, pending, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The session starts in two steps: what the first paint needs at once (the sidebar, the summary), the rest
// once the page has shown or a page asks for its machine. Its children are fakes here; the rest of the
// session is a fake that records the commands it is handed (its own paths: session-rest.paths.test.ts).

const idle = fromCallback(() => () => {}) as never
const handed: string[] = []
const fakeRest: AnyActorLogic = setup({}).createMachine({
  id: "fake-rest",
  on: { "*": { actions: ({ event }: { event: EventObject }) => handed.push(event.type) } },
})
const machine = sessionMachine.provide({
  actors: { ...Object.fromEntries(SESSION_ACTOR_IDS.map((id) => [id, idle])), loadRest: pending() },
})

const listKey = "page.pagedList.1" as const
const listInput = { source: "work", query: { status: "pending", page: 1, search: "", ordering: "" } } as const
const listOpen = openPage("pagedList", listKey, listInput)
const events: SessionEvent[] = [
  { type: "session.shown" },
  listOpen,
  { type: "session.closePage", key: listKey },
  { type: "session.toPages", page: "pagedList", event: { type: "list.recordsChanged", source: "work" } },
  { type: "session.retry" },
]
const loadEvents = [
  { type: "xstate.done.actor.loadRest", output: fakeRest },
  { type: "xstate.error.actor.loadRest", error: new Error("Failed to fetch dynamically imported module") },
] as const
const allEvents = [...events, ...loadEvents] as never
const serializeState = (s: { value: unknown; context: { queued: ReadonlyArray<{ key: string }> } }) =>
  JSON.stringify([s.value, s.context.queued.map((q) => q.key)])

describe("session machine paths", () => {
  const paths = getShortestPaths(machine, { events: allEvents, serializeState })

  it("reaches every state: showing, loading the rest, running it, or failed to load it", () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    expect(values).toEqual(
      new Set(["showing", "loadingRest", "running", "failed"].map((v) => JSON.stringify(v))),
    )
  })

  const walk = (path: (typeof paths)[number]) => {
    handed.length = 0
    const actor = recordedActor(machine)
    const published: unknown[] = []
    actor.on("*", (fact) => published.push(fact))
    actor.start()
    // The first paint's actors run from the start, whatever comes after.
    for (const id of SESSION_ACTOR_IDS) expect(actor.system.get(id), id).toBeDefined()
    const sent: string[] = []
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot()
      actor.send(step.event as never)
      if (before.matches("running")) sent.push(step.event.type)
    }
    const snapshot = actor.getSnapshot()
    expect(serializeState(snapshot)).toBe(serializeState(path.state))
    const running = snapshot.matches("running")
    // Nothing of the rest runs before it has loaded, which only starts once the page has shown or a page
    // asked for its machine. The session publishes nothing itself: the rest says when its actors have started
    // (session-rest.paths.test.ts).
    expect(lookupRest(actor) !== undefined).toBe(running)
    for (const id of REST_ACTOR_IDS) expect(actor.system.get(id)).toBeUndefined()
    expect(published).toEqual([])
    const types = path.steps.map((s) => s.event.type)
    const loadAt = types.findIndex((t) => t.startsWith("xstate.done.actor.loadRest"))
    if (loadAt >= 0) {
      const asked = types.slice(0, loadAt).some((t) => t === "session.shown" || t === "session.openPage")
      expect(asked).toBe(true)
    }
    expect(snapshot.context.restError).toBe(snapshot.matches("failed") ? SESSION_LOAD_FAILED : null)
    // The rest is handed the opens still wanted when it arrived, then every page command sent while it runs.
    if (running) {
      const before = path.steps.slice(1, loadAt + 1).map((s) => s.event)
      const wanted: string[] = []
      for (const e of before) {
        const key = (e as { key?: string }).key
        if (e.type === "session.openPage" && key) wanted.push(key)
        if (e.type === "session.closePage" && key && wanted.includes(key))
          wanted.splice(wanted.indexOf(key), 1)
      }
      expect(handed).toEqual([
        ...wanted.map(() => "session.openPage"),
        ...sent.filter((t) => (t.startsWith("session.") && t.endsWith("Page")) || t === "session.toPages"),
      ])
    } else expect(handed).toEqual([])
    actor.stop()
  }

  for (const path of paths)
    it(path.steps.map((s) => describeEvent(s.event)).join(" → ") || "start", () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events: allEvents, serializeState })
      expect(edges.length).toBeGreaterThan(paths.length)
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it("loads the rest in idle time after the paint, at once when a page waits for it", () => {
    const loads: LoadRestInput[] = []
    const recording = sessionMachine.provide({
      actors: {
        ...Object.fromEntries(SESSION_ACTOR_IDS.map((id) => [id, idle])),
        loadRest: fromPromise<AnyActorLogic, LoadRestInput>(({ input }) => {
          loads.push(input)
          return new Promise(() => {})
        }),
      },
    })
    const shownFirst = recordedActor(recording).start()
    shownFirst.send({ type: "session.shown" })
    expect(loads).toEqual([{ atOnce: false }])
    // A click to a list before the idle time came: the load starts again, without waiting; a second page
    // asking meanwhile changes nothing.
    shownFirst.send(listOpen)
    shownFirst.send(openPage("pagedList", "page.pagedList.2", listInput))
    expect(loads).toEqual([{ atOnce: false }, { atOnce: true }])
    expect(shownFirst.getSnapshot().context.queued.map((q) => q.key)).toEqual([listKey, "page.pagedList.2"])
    shownFirst.stop()
    loads.length = 0
    // A reload of a list: its page asks before the first paint, and the rest loads at once.
    const reload = recordedActor(recording).start()
    reload.send(listOpen)
    reload.send({ type: "session.shown" })
    expect(loads).toEqual([{ atOnce: true }])
    reload.stop()
  })

  it("shows first: the rest is not asked for until the page has shown", () => {
    const actor = recordedActor(machine).start()
    expect(actor.getSnapshot().value).toBe("showing")
    actor.send({ type: "session.shown" })
    expect(actor.getSnapshot().value).toBe("loadingRest")
    actor.stop()
  })
})
