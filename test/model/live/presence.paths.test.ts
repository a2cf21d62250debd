import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import {
  type PresenceContext,
  type PresenceEvent,
  presenceMachine,
} from "../../../src/machines/live/presence.machine"
import { describeEvent, getEdgePaths, pathEvents, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// Which record this tab shows, said to the server through a fact, and who else is on it.

const A = { kind: "work" as const, uuid: "00000000-0000-4000-8000-00000000000a" }
const B = { kind: "application" as const, uuid: "00000000-0000-4000-8000-00000000000b" }
const CORA = [{ id: 2, full_name: "Cora Second" }]

const events = pathEvents(presenceMachine, [
  { type: "presence.view", record: A },
  { type: "presence.view", record: B },
  { type: "presence.leave", record: A },
  { type: "presence.leave", record: B },
  { type: "presence.resend" },
  { type: "presence.heard", record: A, viewers: CORA },
  { type: "presence.heard", record: B, viewers: [] },
])

const serializeState = (s: { value: unknown; context: PresenceContext }) =>
  JSON.stringify([s.value, s.context.viewing?.uuid ?? null, s.context.viewers.length])

type Path = ReturnType<typeof getShortestPaths<typeof presenceMachine>>[number]

function walk(path: Path) {
  const actor = replay(presenceMachine, path.steps)
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  // Viewers are only ever those of the record shown; away, there are none.
  if (snap.matches("away")) expect(snap.context).toEqual({ viewing: null, viewers: [] })
  const heard = path.steps
    .map((s) => s.event as PresenceEvent)
    .findLast((e) => e.type === "presence.heard" || e.type === "presence.view")
  if (
    snap.matches("viewing") &&
    heard?.type === "presence.heard" &&
    heard.record.uuid === snap.context.viewing?.uuid
  )
    expect(snap.context.viewers).toEqual(heard.viewers)
  actor.stop()
}

describe("presence machine paths", () => {
  const paths = getShortestPaths(presenceMachine, { events, serializeState })

  it("reaches every state of the chart", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const v of ["away", "viewing"]) expect(reached).toContain(JSON.stringify(v))
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(presenceMachine, { events, serializeState })) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})

describe("presence behaviour", () => {
  it("says each view, leave and reconnection as a fact, and ignores an earlier page's late leave", () => {
    const actor = createActor(presenceMachine).start()
    const facts: unknown[] = []
    actor.on("*", (fact) => void facts.push(fact))
    actor.send({ type: "presence.resend" })
    actor.send({ type: "presence.view", record: A })
    actor.send({ type: "presence.heard", record: A, viewers: CORA })
    expect(actor.getSnapshot().context.viewers).toEqual(CORA)
    // The next page opened before the last one closed: its view stands.
    actor.send({ type: "presence.view", record: B })
    expect(actor.getSnapshot().context.viewers).toEqual([])
    actor.send({ type: "presence.leave", record: A })
    actor.send({ type: "presence.heard", record: A, viewers: CORA })
    expect(actor.getSnapshot().context).toEqual({ viewing: B, viewers: [] })
    actor.send({ type: "presence.resend" })
    actor.send({ type: "presence.leave", record: B })
    expect(facts).toEqual([
      { type: "presence.changed", viewing: A },
      { type: "presence.changed", viewing: B },
      { type: "presence.changed", viewing: B },
      { type: "presence.changed", viewing: null },
    ])
  })
})
