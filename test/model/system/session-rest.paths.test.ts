import { describe, expect, it } from "vitest"
import { type EventObject, fromCallback, transition } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { openPage, type PageCommand } from "../../../src/machines/system/pages"
import { lookupPage, REST_ACTOR_IDS } from "../../../src/machines/system/registry"
import { sessionRestMachine } from "../../../src/machines/system/session-rest.machine"
import { describeEvent, getEdgePaths, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The rest of the session starts every signed-in actor the first paint does not need under its systemId, one per
// task, says so once all run, and runs the pages' machines as its children: a page opens its machine, closes it, and the bus reaches every open
// page of a kind through it.
// Its children are fakes here that record what they are sent; each real one has its own path tests.

const received: Array<{ to: string; type: string }> = []
const recorder = fromCallback<EventObject>(({ self, receive }) => {
  receive((event) => received.push({ to: self.id, type: event.type }))
  return () => {}
}) as never
const machine = sessionRestMachine.provide({
  actors: {
    ...Object.fromEntries(REST_ACTOR_IDS.map((id) => [id, recorder])),
    pagedList: recorder,
    review: recorder,
    selectProviders: recorder,
    bulkReview: recorder,
  },
})

/**
 * The graph walked with a fresh system per step: the traversal otherwise shares one system between every branch,
 * and a second branch's start of an actor under a systemId the first one took would be refused.
 */
const graph: typeof machine = Object.assign(Object.create(machine), {
  transition: (snapshot: never, event: never) => transition(machine, snapshot, event)[0],
})

const listKey = "page.pagedList.1" as const
const reviewKey = "page.review.2" as const
const nextStart = { type: "xstate.after.yieldToBrowser.sessionRest.starting" } as const
const events: Array<PageCommand | typeof nextStart> = [
  nextStart,
  openPage("pagedList", listKey, {
    source: "work",
    query: { status: "pending", page: 1, search: "", ordering: "" },
  }),
  openPage("review", reviewKey, { kind: "work", uuid: "u1" }),
  { type: "session.closePage", key: listKey },
  { type: "session.closePage", key: reviewKey },
  { type: "session.toPages", page: "pagedList", event: { type: "list.recordsChanged", source: "work" } },
]
const serializeState = (s: { value: unknown; context: { pages: Record<string, string>; started: number } }) =>
  JSON.stringify([s.value, s.context.started, Object.keys(s.context.pages).sort()])

describe("rest of the session: paths", () => {
  const paths = getShortestPaths(graph, { events: events as never, serializeState })

  it("starts every actor of the rest under its systemId, one per task, then says so", () => {
    const actor = replay(machine, [])
    const published: unknown[] = []
    actor.on("*", (fact) => published.push(fact))
    for (const [i, id] of REST_ACTOR_IDS.entries()) {
      // Each yield to the browser starts the next one, in the registry's order, and no other.
      expect(actor.system.get(id), id).toBeUndefined()
      actor.send(nextStart as never)
      expect(actor.system.get(id), id).toBeDefined()
      expect(actor.getSnapshot().context.started).toBe(i + 1)
      expect(published).toEqual(i + 1 < REST_ACTOR_IDS.length ? [] : [{ type: "system.restStarted" }])
    }
    expect(actor.getSnapshot().value).toBe("running")
    expect(Object.keys(actor.getSnapshot().children).sort()).toEqual([...REST_ACTOR_IDS].sort())
    actor.stop()
  })

  const walk = (path: (typeof paths)[number]) => {
    received.length = 0
    const actor = replay(machine, path.steps)
    const { started } = actor.getSnapshot().context
    // Its own actors run in order, as many as have had their turn.
    for (const [i, id] of REST_ACTOR_IDS.entries())
      expect(actor.system.get(id) !== undefined, id).toBe(i < started)
    const open = Object.keys(actor.getSnapshot().context.pages)
    // Every open page is a running child under its key, found by the typed lookup; a closed one is gone.
    expect(lookupPage(actor, listKey) !== undefined).toBe(open.includes(listKey))
    expect(lookupPage(actor, reviewKey) !== undefined).toBe(open.includes(reviewKey))
    // A command for the pages of a kind reaches exactly the open pages of that kind.
    const last = path.steps.at(-1)?.event
    if (last?.type === "session.toPages")
      expect(received.filter((r) => r.type === "list.recordsChanged").map((r) => r.to)).toEqual(
        open.includes(listKey) ? [listKey] : [],
      )
    actor.stop()
  }
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(graph, { events: events as never, serializeState })
      expect(edges.length).toBeGreaterThan(paths.length)
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it("opens a page once per key: a second open of a running key is ignored", () => {
    const actor = replay(machine, [])
    actor.send(events[0] as PageCommand)
    const first = lookupPage(actor, listKey)
    actor.send(events[0] as PageCommand)
    expect(lookupPage(actor, listKey)).toBe(first)
    actor.stop()
  })
})
