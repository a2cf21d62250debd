import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import {
  type LiveRecordsContext,
  type LiveRecordsEvent,
  liveRecordsMachine,
} from "../../../src/machines/live/live-records.machine"
import type { LiveRecordsFact } from "../../../src/machines/system/facts"
import type { RecordChangedMessage } from "../../../src/schema/live/socket"
import { recordedActor } from "../coverage"
import { UUID, workRequest } from "../marketplace/marketplace-fixtures"
import { describeEvent, getEdgePaths, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The real liveRecords machine: who this user is comes with each connection; a change by someone else is
// published marked, one by this user unmarked. The pages reload (records.resync) exactly when the stream cannot
// cover what they show: the server could not resume (reload), a page loaded from before the open stream's
// start, a page loaded while closed from before where the next stream starts, or a reconnection to a server
// that says no position at all.

const ME = 7
const { audit: _audit, ...row } = workRequest("approved") as ReturnType<typeof workRequest> & {
  audit: unknown
}
const changed = (actorId: number | null): RecordChangedMessage => ({
  type: "record.changed",
  kind: "work",
  uuid: UUID,
  change: "approved",
  status: "approved",
  actor: { id: actorId, full_name: actorId === ME ? "Me Myself" : "Corey Coordinator" },
  at: "2026-01-02T10:00:00.000Z",
  record: row as RecordChangedMessage["record"],
})

const events = [
  { type: "liveRecords.connected", userId: ME },
  { type: "liveRecords.connected", userId: ME, position: 10 },
  { type: "liveRecords.connected", userId: ME, position: 20 },
  { type: "liveRecords.connected", userId: ME, position: 10, reload: true },
  { type: "liveRecords.held", position: 15 },
  { type: "liveRecords.held", position: 25 },
  { type: "liveRecords.lost" },
  { type: "liveRecords.changed", message: changed(2) },
  { type: "liveRecords.changed", message: changed(ME) },
  { type: "liveRecords.changed", message: changed(null) },
] as LiveRecordsEvent[]

const serializeState = (s: { value: unknown; context: LiveRecordsContext }) =>
  JSON.stringify([
    s.value,
    s.context.userId,
    Math.min(s.context.connections, 2),
    s.context.streamFrom,
    s.context.heldMin,
  ])

type Path = ReturnType<typeof getShortestPaths<typeof liveRecordsMachine>>[number]

/** Whether the pages must load again after this event, by the rule above, from what came before it. */
function mustResync(
  event: LiveRecordsEvent,
  seen: { connections: number; streamFrom: number | null; heldMin: number | null },
): boolean {
  if (event.type === "liveRecords.connected") {
    if (event.reload) return true
    if (event.position === undefined) return seen.connections > 0
    return seen.heldMin !== null && seen.heldMin < event.position
  }
  return event.type === "liveRecords.held" && seen.streamFrom !== null && event.position < seen.streamFrom
}

function walk(path: Path) {
  const actor = recordedActor(liveRecordsMachine).start()
  const facts: LiveRecordsFact[] = []
  actor.on("*", (fact) => void facts.push(fact as LiveRecordsFact))
  for (const step of path.steps.slice(1)) {
    const event = step.event as LiveRecordsEvent
    const before = facts.length
    const { connections, streamFrom, heldMin, userId } = actor.getSnapshot().context
    actor.send(event)
    const said = facts.slice(before)
    if (event.type !== "liveRecords.changed") {
      expect(said).toEqual(
        mustResync(event, { connections, streamFrom, heldMin }) ? [{ type: "records.resync" }] : [],
      )
      continue
    }
    expect(said).toHaveLength(1)
    const fact = said[0]
    if (fact?.type !== "records.remoteChanged") throw new Error("expected records.remoteChanged")
    expect(fact.change).toMatchObject({ source: "work", uuid: UUID, record: { status: "approved" } })
    const mine = userId === ME && event.message.actor.id === ME
    expect(fact.change.mark).toEqual(
      mine ? null : { words: `Approved by ${event.message.actor.full_name}`, at: event.message.at },
    )
  }
  expect(actor.getSnapshot().value).toEqual(path.state.value)
  actor.stop()
}

describe("liveRecords machine paths", () => {
  const paths = getShortestPaths(liveRecordsMachine, { events, serializeState })
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(liveRecordsMachine, { events, serializeState })
      expect(
        edges.some((e) => e.steps.filter((s) => s.event.type === "liveRecords.connected").length === 2),
      ).toBe(true)
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it("asks for no reload when a page loaded before the socket opened and the socket resumed from it", () => {
    const actor = recordedActor(liveRecordsMachine).start()
    const facts: LiveRecordsFact[] = []
    actor.on("*", (fact) => void facts.push(fact as LiveRecordsFact))
    actor.send({ type: "liveRecords.held", position: 12 })
    actor.send({ type: "liveRecords.held", position: 10 })
    actor.send({ type: "liveRecords.connected", userId: ME, position: 10 })
    actor.send({ type: "liveRecords.held", position: 11 })
    expect(facts).toEqual([])
    // Loaded from before the open stream started: the changes in between were never sent.
    actor.send({ type: "liveRecords.held", position: 9 })
    expect(facts).toEqual([{ type: "records.resync" }])
    actor.stop()
  })
})
