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
import { describeEvent, getEdgePaths } from "../walk"

// The real liveRecords machine: who this user is comes with each connection; a change by someone else is
// published marked, one by this user unmarked; a second connection is a reconnection and asks for a resync.

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
  { type: "liveRecords.changed", message: changed(2) },
  { type: "liveRecords.changed", message: changed(ME) },
  { type: "liveRecords.changed", message: changed(null) },
] as LiveRecordsEvent[]

const serializeState = (s: { value: unknown; context: LiveRecordsContext }) =>
  JSON.stringify([s.value, s.context.userId, Math.min(s.context.connections, 2)])

type Path = ReturnType<typeof getShortestPaths<typeof liveRecordsMachine>>[number]

function walk(path: Path) {
  const actor = recordedActor(liveRecordsMachine).start()
  const facts: LiveRecordsFact[] = []
  actor.on("*", (fact) => void facts.push(fact as LiveRecordsFact))
  let connections = 0
  for (const step of path.steps.slice(1)) {
    const event = step.event as LiveRecordsEvent
    const before = facts.length
    actor.send(event)
    const said = facts.slice(before)
    if (event.type === "liveRecords.connected") {
      // Only a connection after the first is a reconnection, when what was missed must be loaded again.
      expect(said).toEqual(connections > 0 ? [{ type: "records.resync" }] : [])
      connections += 1
    } else {
      expect(said).toHaveLength(1)
      const fact = said[0]
      if (fact?.type !== "records.remoteChanged") throw new Error("expected records.remoteChanged")
      expect(fact.change).toMatchObject({ source: "work", uuid: UUID, record: { status: "approved" } })
      const mine = connections > 0 && event.message.actor.id === ME
      expect(fact.change.mark).toEqual(
        mine ? null : { words: `Approved by ${event.message.actor.full_name}`, at: event.message.at },
      )
    }
  }
  expect(actor.getSnapshot().value).toEqual(path.state.value)
  actor.stop()
}

describe("liveRecords machine paths", () => {
  const paths = getShortestPaths(liveRecordsMachine, { events, serializeState })
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it("takes every event from every state it reaches", () => {
    const edges = getEdgePaths(liveRecordsMachine, { events, serializeState })
    expect(
      edges.some((e) => e.steps.filter((s) => s.event.type === "liveRecords.connected").length === 2),
    ).toBe(true)
    for (const path of edges) walk(path)
  })
})
