import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import type { BulkOutcome } from "../../../src/machines/marketplace/bulk-outcome"
import {
  type BulkReviewContext,
  type BulkReviewEvent,
  bulkReviewMachine,
  type DecideOneInput,
} from "../../../src/machines/marketplace/bulk-review.machine"
import type { RecordDetail, ReviewDecision } from "../../../src/machines/marketplace/marketplace-types"
import { ACTION_FAILED } from "../../../src/machines/marketplace/review.machine"
import type { RecordFact } from "../../../src/machines/system/facts"
import { recordedActor } from "../coverage"
import { describeEvent, getEdgePaths, pathEvents, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"
import { workRequest } from "./marketplace-fixtures"

// The real bulk-review machine with fake actors: each decision call is recorded and left pending until the
// path delivers its outcome as an event; the page's list is a fake that counts the reloads it is told to do.

const TAP = { uuid: "00000000-0000-4000-8000-0000000000a1", title: "Leaking tap" }
const BOILER = { uuid: "00000000-0000-4000-8000-0000000000b2", title: "Boiler service" }
const CONFLICT = "This work request was already approved by Ada Admin at 1 Jan 2026, 10:00."

const events = pathEvents(bulkReviewMachine, [
  { type: "bulk.rows", rows: [TAP, BOILER] },
  // A reload or another page: the selection keeps only what is still shown.
  { type: "bulk.rows", rows: [BOILER] },
  // Someone else decided the tap: it stays shown and ticked, but is neither counted nor decided.
  { type: "bulk.rows", rows: [{ ...TAP, decidedAs: "approved" }, BOILER] },
  // Both decided elsewhere: an open dialog has nothing left to ask about.
  {
    type: "bulk.rows",
    rows: [
      { ...TAP, decidedAs: "approved" },
      { ...BOILER, decidedAs: "rejected" },
    ],
  },
  { type: "bulk.toggle", uuid: TAP.uuid },
  { type: "bulk.toggle", uuid: BOILER.uuid },
  { type: "bulk.toggleAll" },
  { type: "bulk.approve" },
  { type: "bulk.reject" },
  // The keyboard's a and r: the cursor's row when nothing is ticked.
  { type: "bulk.approve", uuid: TAP.uuid },
  { type: "bulk.reject", uuid: BOILER.uuid },
  { type: "bulk.confirm" },
  { type: "bulk.cancel" },
  { type: "bulk.submitReason", reason: "   " },
  { type: "bulk.submitReason", reason: " Out of area " },
  { type: "xstate.done.actor.decideOne", output: workRequest("approved") },
  { type: "xstate.error.actor.decideOne", error: { status: 409, detail: CONFLICT } },
  { type: "xstate.error.actor.decideOne", error: { status: 500, detail: null } },
  { type: "bulk.dismiss" },
])

type Snap = { value: unknown; context: BulkReviewContext; matches: (v: never) => boolean }

const serializeState = (s: { value: unknown; context: BulkReviewContext }) =>
  JSON.stringify([
    s.value,
    s.context.rows.map((r) => r.decidedAs ?? "open"),
    s.context.selected,
    s.context.batch.length,
    s.context.outcomes.map((o) => o.result),
    s.context.decision?.action ?? null,
  ])

/** The real machine, its decisions recorded and never settled, the facts it publishes collected. */
function start(settle?: (input: DecideOneInput) => Promise<RecordDetail>, record = false) {
  const calls: DecideOneInput[] = []
  const reloads: RecordFact[] = []
  const summaries: Array<{ decision: ReviewDecision | null; outcomes: ReadonlyArray<BulkOutcome> }> = []
  const machine = bulkReviewMachine.provide({
    actors: {
      decideOne: fromPromise<RecordDetail, DecideOneInput>(({ input }) => {
        calls.push(input)
        return settle ? settle(input) : new Promise<RecordDetail>(() => {})
      }),
    },
    actions: { announceSummary: (_, params) => summaries.push(params) },
  })
  const options = { input: { source: "work" as const } }
  const actor = record ? recordedActor(machine, options) : createActor(machine, options)
  // The bus turns this fact into the list's reload and the summary's refresh (subscriptions.ts).
  actor.on("records.changed", (fact) => reloads.push(fact))
  actor.start()
  return { actor, calls, reloads, summaries }
}

const graphInput = { source: "work" as const }
const paths = getShortestPaths(bulkReviewMachine, { events, serializeState, input: graphInput })
const stateName = (value: unknown) => JSON.stringify(value)

const inDialog = (s: Snap) => s.matches("confirming" as never) || s.matches("askingReason" as never)

/** What must hold after every step of every path, whatever the path. */
function checkInvariants(
  snap: Snap,
  calls: ReadonlyArray<DecideOneInput>,
  reloads: ReadonlyArray<RecordFact>,
) {
  const { context: ctx } = snap
  const rowIds = ctx.rows.map((r) => r.uuid)
  for (const id of ctx.selected) expect(rowIds).toContain(id)
  if (inDialog(snap)) expect(ctx.batch.length).toBeGreaterThan(0)
  // A dialog never asks about a row decided elsewhere.
  if (inDialog(snap))
    for (const b of ctx.batch) expect(ctx.rows.find((r) => r.uuid === b.uuid)?.decidedAs).toBeUndefined()
  if (snap.matches({ acting: "deciding" } as never)) {
    // The record being decided is the batch's next one, with the decision the dialog took.
    const next = ctx.batch[ctx.outcomes.length]
    expect(calls.at(-1)?.target).toEqual({ kind: "work", uuid: next?.uuid })
    expect(calls.at(-1)?.decision).toEqual(ctx.decision)
  }
  if (snap.matches("reported" as never)) {
    expect(ctx.outcomes.map((o) => o.uuid)).toEqual(ctx.batch.map((r) => r.uuid))
    for (const o of ctx.outcomes) {
      if (o.result === "done")
        expect(o.message).toBe(ctx.decision?.action === "reject" ? "rejected" : "approved")
      if (o.result === "conflict") expect(o.message).toBe(CONFLICT)
      if (o.result === "failed") expect(o.message).toBe(ACTION_FAILED)
    }
  }
  if (ctx.decision?.action === "reject") expect(ctx.decision.reason).toBe("Out of area")
  // One reload per finished batch, never one before a batch has finished.
  expect(reloads.length).toBeLessThanOrEqual(calls.length)
}

function walk(steps: ReadonlyArray<{ event: BulkReviewEvent }>) {
  const run = start(undefined, true)
  let batches = 0
  for (const step of steps.slice(1)) {
    const before = run.actor.getSnapshot()
    run.actor.send(step.event)
    const after = run.actor.getSnapshot()
    // The dialog asks about exactly what was ticked (with nothing ticked, the cursor's row the key named),
    // leaving out rows decided elsewhere; a later reload of the rows only takes those out of its batch.
    if (inDialog(after) && !inDialog(before)) {
      const named = (step.event as { uuid?: string }).uuid
      const open = new Set(before.context.rows.filter((r) => r.decidedAs === undefined).map((r) => r.uuid))
      const asked = before.context.selected.length > 0 ? before.context.selected : [named]
      expect(after.context.batch.map((r) => r.uuid)).toEqual(
        asked.filter((u) => u !== undefined && open.has(u)),
      )
    }
    if (after.matches("reported") && !before.matches("reported")) batches += 1
    checkInvariants(after, run.calls, run.reloads)
  }
  expect(run.reloads).toHaveLength(batches)
  expect(run.summaries).toHaveLength(batches)
  return run
}

describe("bulk-review machine paths", () => {
  it("reaches every state of the chart", () => {
    const reached = new Set(paths.map((p) => stateName(p.state.value)))
    for (const v of ["selecting", "confirming", "askingReason", { acting: "deciding" }, "reported"])
      expect(reached).toContain(stateName(v))
  })

  const byState = new Map<string, typeof paths>()
  for (const p of paths)
    byState.set(stateName(p.state.value), [...(byState.get(stateName(p.state.value)) ?? []), p])
  for (const [state, group] of byState) {
    it(
      `walks the ${group.length} shortest paths to ${state}, checking every step`,
      () => {
        for (const path of group) {
          const { actor } = walk(path.steps as ReadonlyArray<{ event: BulkReviewEvent }>)
          expect(
            actor.getSnapshot().value,
            path.steps.map((s) => describeEvent(s.event)).join(" → "),
          ).toEqual(path.state.value)
          actor.stop()
        }
      },
      WHOLE_GRAPH_TIMEOUT_MS,
    )
  }

  it(
    "takes every event from every state it reaches, checking every step",
    () => {
      // Coarser than the paths' state: what the guards read (how many rows, ticked, batched, decided), which
      // keeps every transition's edges while cutting the walk to a few hundred replays.
      const coarse = (s: { value: unknown; context: BulkReviewContext }) =>
        JSON.stringify([
          s.value,
          s.context.rows.length,
          s.context.selected.length,
          s.context.batch.length,
          s.context.outcomes.length,
          s.context.decision?.action ?? null,
        ])
      const edges = getEdgePaths(bulkReviewMachine, { events, serializeState: coarse, input: graphInput })
      // Either dialog can be left without deciding anything.
      const cancels = edges.filter((e) => e.steps.at(-1)?.event.type === "bulk.cancel")
      expect(new Set(cancels.map((e) => e.steps.at(-2)?.state.value))).toEqual(
        new Set(["confirming", "askingReason"]),
      )
      for (const path of edges) {
        const { actor } = walk(path.steps as ReadonlyArray<{ event: BulkReviewEvent }>)
        expect(actor.getSnapshot().value).toEqual(path.state.value)
        actor.stop()
      }
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  /** The graph's path to the first state that satisfies `wanted`, replayed on the real machine. */
  const reach = (wanted: (s: Snap) => boolean) => {
    const path = paths.find((p) => wanted(p.state))
    expect(path, "no generated path reaches it").toBeDefined()
    return walk((path?.steps ?? []) as ReadonlyArray<{ event: BulkReviewEvent }>)
  }
  const reported = (results: ReadonlyArray<string>) => (s: Snap) =>
    s.matches("reported" as never) &&
    JSON.stringify(s.context.outcomes.map((o) => o.result)) === JSON.stringify(results)

  it("all succeed: every record approved, the list and the counts reloaded once, nothing left ticked", () => {
    const { actor, reloads, summaries } = reach(reported(["done", "done"]))
    expect(actor.getSnapshot().context.selected).toEqual([])
    expect(reloads).toEqual([{ type: "records.changed", source: "work", uuids: [TAP.uuid, BOILER.uuid] }])
    expect(summaries[0]?.outcomes.map((o) => o.title)).toEqual([TAP.title, BOILER.title])
  })

  it("some 409: the batch goes on and the conflicted record reports who decided first", () => {
    const { actor } = reach(reported(["conflict", "done"]))
    const [first, second] = actor.getSnapshot().context.outcomes
    expect(first).toMatchObject({ title: TAP.title, result: "conflict", message: CONFLICT })
    expect(second).toMatchObject({ title: BOILER.title, result: "done", message: "approved" })
    // Someone else's decision stands: nothing to try again.
    expect(actor.getSnapshot().context.selected).toEqual([])
  })

  it("some fail: the failed record stays ticked for another try", () => {
    const { actor } = reach(reported(["done", "failed"]))
    expect(actor.getSnapshot().context.outcomes[1]).toMatchObject({
      result: "failed",
      message: ACTION_FAILED,
    })
    expect(actor.getSnapshot().context.selected).toEqual([BOILER.uuid])
  })

  it("cancel from either dialog decides nothing and keeps the selection", () => {
    for (const dialog of ["bulk.approve", "bulk.reject"] as const) {
      const { actor, calls } = start()
      actor.send({ type: "bulk.rows", rows: [TAP, BOILER] })
      actor.send({ type: "bulk.toggleAll" })
      actor.send({ type: dialog })
      actor.send({ type: "bulk.cancel" })
      expect(actor.getSnapshot().value).toBe("selecting")
      expect(actor.getSnapshot().context.selected).toEqual([TAP.uuid, BOILER.uuid])
      expect(calls).toEqual([])
    }
  })

  it("refuses an empty reason and applies the trimmed one to every record", () => {
    const { actor, calls } = start()
    actor.send({ type: "bulk.rows", rows: [TAP, BOILER] })
    actor.send({ type: "bulk.toggleAll" })
    actor.send({ type: "bulk.reject" })
    actor.send({ type: "bulk.submitReason", reason: "  " })
    expect(actor.getSnapshot().value).toBe("askingReason")
    expect(calls).toEqual([])
    actor.send({ type: "bulk.submitReason", reason: " Out of area " })
    expect(calls).toEqual([
      { target: { kind: "work", uuid: TAP.uuid }, decision: { action: "reject", reason: "Out of area" } },
    ])
  })

  it("a and r on the cursor's row decide that row when nothing is ticked, and the ticked ones otherwise", () => {
    const { actor } = start()
    actor.send({ type: "bulk.rows", rows: [TAP, BOILER] })
    actor.send({ type: "bulk.approve", uuid: BOILER.uuid })
    expect(actor.getSnapshot().value).toBe("confirming")
    expect(actor.getSnapshot().context.batch).toEqual([BOILER])
    actor.send({ type: "bulk.cancel" })
    actor.send({ type: "bulk.toggle", uuid: TAP.uuid })
    actor.send({ type: "bulk.reject", uuid: BOILER.uuid })
    expect(actor.getSnapshot().value).toBe("askingReason")
    expect(actor.getSnapshot().context.batch).toEqual([TAP])
    actor.send({ type: "bulk.cancel" })
    // A row no longer shown is not decided.
    actor.send({ type: "bulk.toggle", uuid: TAP.uuid })
    actor.send({ type: "bulk.approve", uuid: "00000000-0000-4000-8000-0000000000ff" })
    expect(actor.getSnapshot().value).toBe("selecting")
  })

  it("does not open a dialog with nothing ticked", () => {
    const { actor } = start()
    actor.send({ type: "bulk.rows", rows: [TAP] })
    actor.send({ type: "bulk.approve" })
    actor.send({ type: "bulk.reject" })
    expect(actor.getSnapshot().value).toBe("selecting")
  })
})

describe("bulk-review with settling fakes", () => {
  it("decides each record by its own call, in order, and reports each answer", async () => {
    const answers: Record<string, () => Promise<RecordDetail>> = {
      [TAP.uuid]: () => Promise.resolve(workRequest("approved")),
      [BOILER.uuid]: () => Promise.reject({ status: 409, detail: CONFLICT }),
    }
    const { actor, calls, reloads, summaries } = start(
      (input) => answers[input.target.uuid]?.() ?? Promise.reject(),
    )
    actor.send({ type: "bulk.rows", rows: [TAP, BOILER] })
    actor.send({ type: "bulk.toggleAll" })
    actor.send({ type: "bulk.approve" })
    actor.send({ type: "bulk.confirm" })
    await waitFor(actor, (s) => s.matches("reported"))
    expect(calls.map((c) => c.target.uuid)).toEqual([TAP.uuid, BOILER.uuid])
    expect(actor.getSnapshot().context.outcomes.map((o) => [o.title, o.result, o.message])).toEqual([
      [TAP.title, "done", "approved"],
      [BOILER.title, "conflict", CONFLICT],
    ])
    expect(reloads).toEqual([{ type: "records.changed", source: "work", uuids: [TAP.uuid, BOILER.uuid] }])
    expect(summaries).toHaveLength(1)
    actor.send({ type: "bulk.dismiss" })
    expect(actor.getSnapshot().context.outcomes).toEqual([])
  })
})
