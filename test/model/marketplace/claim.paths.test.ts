import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import {
  CLAIM_FAILED,
  type ClaimContext,
  claimMachine,
  type SaveClaimInput,
} from "../../../src/machines/marketplace/claim.machine"
import type { RecordDetail } from "../../../src/machines/marketplace/marketplace-types"
import {
  describeEvent,
  getEdgePaths,
  pathEvents,
  pending,
  replay,
  sendSystemEvent,
  WHOLE_GRAPH_TIMEOUT_MS,
} from "../walk"
import { UUID, workRequest } from "./marketplace-fixtures"

// The claim buttons of a detail page: the real machine with its save left pending, outcomes as events.

const input = { kind: "work" as const, uuid: UUID }
const machine = claimMachine.provide({ actors: { saveClaim: pending<RecordDetail, SaveClaimInput>() } })
const ME = 1
const CORA = { id: 2, full_name: "Cora Second", assigned_at: "2026-01-01T11:00:00.000Z" }
const MINE = { id: ME, full_name: "Corey Coordinator", assigned_at: "2026-01-01T11:00:00.000Z" }
const claimed = { ...workRequest("pending"), assignee: { ...MINE } } as RecordDetail

const events = pathEvents(machine, [
  // Nobody holds it, or the user does: straight to the server.
  { type: "claim.assign", assignee: null, userId: ME },
  { type: "claim.unassign", assignee: MINE, userId: ME },
  // Someone else holds it: ask first.
  { type: "claim.assign", assignee: CORA, userId: ME },
  { type: "claim.unassign", assignee: CORA, userId: ME },
  { type: "claim.confirm" },
  { type: "claim.cancel" },
  { type: "xstate.done.actor.saveClaim", output: claimed },
  { type: "xstate.error.actor.saveClaim", error: { status: 404, detail: "Not found." } },
  { type: "xstate.error.actor.saveClaim", error: new Error("offline") },
])

const serializeState = (s: { value: unknown; context: ClaimContext }) =>
  JSON.stringify([s.value, s.context.change, s.context.holder, s.context.error])

type Path = ReturnType<typeof getShortestPaths<typeof machine>>[number]

function walk(path: Path) {
  const actor = replay(machine, path.steps, { input })
  const facts: unknown[] = []
  actor.on("*", (fact) => void facts.push(fact))
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  // A confirmation always names whose claim it is; nothing else does.
  if (snap.matches("confirming")) expect(snap.context.holder).toBe("Cora Second")
  else if (!snap.matches("saving")) expect(snap.context.holder).toBeNull()
  const last = path.steps.at(-1)?.event as { type: string; error?: unknown } | undefined
  if (last?.type === "xstate.error.actor.saveClaim")
    expect(snap.context.error).toBe(last.error instanceof Error ? CLAIM_FAILED : "Not found.")
  actor.stop()
}

describe("claim machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState, input })

  it("reaches every state of the chart", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const v of ["idle", "confirming", "saving"]) expect(reached).toContain(JSON.stringify(v))
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState, input })
      // Someone else's claim is never changed without a confirmation first.
      for (const e of edges.filter((p) => p.state.value === "saving")) {
        const lastAsk = e.steps.findLast(
          (s) => (s.event.type as string).startsWith("claim.a") || s.event.type === "claim.unassign",
        )
        const held = (lastAsk?.event as { assignee?: { id: number } | null } | undefined)?.assignee
        if (held && held.id !== ME) expect(e.steps.at(-1)?.event.type).toBe("claim.confirm")
      }
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})

describe("claim behaviour", () => {
  it("publishes the record's new assignee once the server has it", () => {
    const actor = createActor(machine, { input }).start()
    const facts: unknown[] = []
    actor.on("*", (fact) => void facts.push(fact))
    actor.send({ type: "claim.assign", assignee: null, userId: ME })
    expect(actor.getSnapshot().value).toBe("saving")
    expect(facts).toEqual([])
    sendSystemEvent(actor, { type: "xstate.done.actor.saveClaim", output: claimed })
    expect(facts).toEqual([
      { type: "records.claimed", source: "work", uuid: UUID, assignee: MINE, record: claimed },
    ])
    expect(actor.getSnapshot().context).toMatchObject({ change: null, holder: null, error: null })
  })

  it("asks before taking someone else's claim, and sends the change it asked about", () => {
    const actor = createActor(machine, { input }).start()
    actor.send({ type: "claim.unassign", assignee: CORA, userId: ME })
    expect(actor.getSnapshot().value).toBe("confirming")
    expect(actor.getSnapshot().context).toMatchObject({ change: "unassign", holder: "Cora Second" })
    actor.send({ type: "claim.confirm" })
    expect(actor.getSnapshot().value).toBe("saving")
    expect(actor.getSnapshot().context.change).toBe("unassign")
  })
})
