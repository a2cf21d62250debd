import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import type { RemoteChange } from "../../../src/machines/live/remote-change"
import type { ListItem, RecordDetail, RecordRef } from "../../../src/machines/marketplace/marketplace-types"
import { type ActInput, reviewMachine } from "../../../src/machines/marketplace/review.machine"
import type { ReviewContext } from "../../../src/machines/marketplace/review-events"
import { recordedActor } from "../coverage"
import {
  describeEvent,
  getEdgePaths,
  pathEvents,
  pending,
  sendSystemEvent,
  WHOLE_GRAPH_TIMEOUT_MS,
} from "../walk"
import { application, UUID, workRequest } from "./marketplace-fixtures"

const input = { kind: "work" as const, uuid: UUID }
const OTHER = "00000000-0000-4000-8000-000000000002"
const MARK = { words: "Approved by Cora Second", at: "2026-01-02T10:00:00.000Z" }
/** A change made elsewhere: approved by someone else, reopened by this user (unmarked), or another record. */
const remote = (status: "pending" | "approved", marked: boolean, uuid = UUID): RemoteChange => {
  const { audit: _audit, ...row } = workRequest(status) as RecordDetail & { audit: unknown }
  return {
    source: "work",
    uuid,
    record: { ...row, uuid } as ListItem,
    mark: marked ? MARK : null,
    holder: "nobody",
  }
}
const machine = reviewMachine.provide({
  actors: { loadRecord: pending<RecordDetail, RecordRef>(), act: pending<RecordDetail, ActInput>() },
})

const CLAIM = { id: 2, full_name: "Cora Second", assigned_at: "2026-01-01T11:00:00.000Z" }

// Actor outcomes are events, so the graph walks the real chart (docs/contributing.md#path-tests).
const events = pathEvents(machine, [
  { type: "xstate.done.actor.loadRecord", output: workRequest("pending") },
  { type: "xstate.error.actor.loadRecord", error: { status: 503, detail: null } },
  { type: "review.retry" },
  { type: "review.approve" },
  { type: "review.reject" },
  { type: "review.confirm" },
  { type: "review.cancel" },
  { type: "review.submitReason", reason: "   " },
  { type: "review.submitReason", reason: "Out of area" },
  { type: "xstate.done.actor.act", output: workRequest("approved") },
  { type: "xstate.error.actor.act", error: { status: 409, detail: "Already approved by Corey C." } },
  { type: "xstate.error.actor.act", error: { status: 500, detail: null } },
  { type: "xstate.done.actor.reloadRecord", output: workRequest("approved") },
  { type: "xstate.error.actor.reloadRecord", error: { status: 0, detail: null } },
  { type: "review.remoteChanged", change: remote("approved", true) },
  { type: "review.remoteChanged", change: remote("pending", false) },
  { type: "review.refresh" },
  { type: "xstate.done.actor.refreshRecord", output: workRequest("pending") },
  { type: "xstate.error.actor.refreshRecord", error: { status: 0, detail: null } },
  // A claim (from the bus): the record shown takes it; another record's claim, or one before loading, does not.
  { type: "review.assigned", uuid: UUID, assignee: CLAIM },
  { type: "review.assigned", uuid: "00000000-0000-4000-8000-000000000002", assignee: null },
])

const serializeState = (s: { value: unknown; context: ReviewContext }) =>
  JSON.stringify([
    s.value,
    s.context.record?.status ?? null,
    s.context.conflict !== null,
    s.context.mark !== null,
    s.context.record?.assignee ?? null,
  ])

describe("review machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState, input })

  it("reaches every state of the chart", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const v of [
      "loading",
      "loadFailed",
      "ready",
      "confirming",
      "askingReason",
      "acting",
      "done",
      "failed",
      "refreshing",
    ])
      expect(reached).toContain(JSON.stringify(v))
    expect(reached).toContain(JSON.stringify({ conflict: "reloading" }))
    expect(reached).toContain(JSON.stringify({ conflict: "shown" }))
  })

  const walk = (path: (typeof paths)[number]) => {
    const actor = recordedActor(machine, { input }).start()
    for (const step of path.steps.slice(1)) actor.send(step.event)
    const snap = actor.getSnapshot()
    expect(snap.value).toEqual(path.state.value)
    // Only a pending record can be decided: a decided one never offers the dialogs again. A dialog already
    // open stays when someone else decides meanwhile (the server then answers 409).
    const types = path.steps.map((st) => (st.event as { type: string }).type)
    const opened = Math.max(types.lastIndexOf("review.approve"), types.lastIndexOf("review.reject"))
    if (
      (snap.matches("confirming") || snap.matches("askingReason")) &&
      snap.context.record?.status !== "pending"
    )
      expect(types.slice(opened).includes("review.remoteChanged")).toBe(true)
    // Someone else's change is marked; this user's own (from another tab) is not.
    const lastRemote = path.steps
      .map((st) => st.event as { type: string; change?: RemoteChange })
      .findLast((e) => e.type === "review.remoteChanged")
    expect(snap.context.mark).toEqual(lastRemote?.change?.mark ?? null)
    // A conflict keeps the server's sentence for the user.
    if (snap.matches("conflict")) expect(snap.context.conflict).toBe("Already approved by Corey C.")
    actor.stop()
  }
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState, input })
      // A record still pending after a failed decision can be decided again; a decided one cannot.
      const again = edges.filter((e) => e.steps.at(-1)?.event.type === "review.approve")
      for (const e of again) expect(e.steps.at(-2)?.state.context.record?.status).toBe("pending")
      expect(again.some((e) => e.steps.at(-2)?.state.value === "failed")).toBe(true)
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it("a dialog open when the record is decided elsewhere stays, with the mark, and confirms nothing", () => {
    for (const open of ["review.approve", "review.reject"] as const) {
      const actor = createActor(machine, { input }).start()
      sendSystemEvent(actor, {
        type: "xstate.done.actor.loadRecord",
        output: workRequest("pending"),
      })
      actor.send({ type: open })
      const dialog = actor.getSnapshot().value
      actor.send({ type: "review.remoteChanged", change: remote("approved", true) })
      expect(actor.getSnapshot().value).toBe(dialog)
      expect(actor.getSnapshot().context.mark).toEqual(MARK)
      actor.send({ type: "review.confirm" })
      actor.send({ type: "review.submitReason", reason: "Out of area" })
      expect(actor.getSnapshot().value).toBe(dialog)
      actor.send({ type: "review.cancel" })
      expect(actor.getSnapshot().value).toBe("ready")
      actor.stop()
    }
  })

  it("follows a change made elsewhere at once, then loads the record again; another record's change is not its", () => {
    const actor = createActor(machine, { input }).start()
    sendSystemEvent(actor, {
      type: "xstate.done.actor.loadRecord",
      output: workRequest("pending"),
    })
    actor.send({ type: "review.remoteChanged", change: remote("approved", true, OTHER) })
    expect(actor.getSnapshot().value).toBe("ready")
    actor.send({ type: "review.remoteChanged", change: remote("approved", true) })
    const snap = actor.getSnapshot()
    expect(snap.value).toBe("refreshing")
    expect(snap.context.record?.status).toBe("approved")
    // The audit trail stays until the reload brings the new one.
    expect(snap.context.record && "audit" in snap.context.record).toBe(true)
    expect(snap.context.mark).toEqual(MARK)
    sendSystemEvent(actor, {
      type: "xstate.done.actor.refreshRecord",
      output: workRequest("approved"),
    })
    expect(actor.getSnapshot().value).toBe("ready")
    // A decided record offers no decision.
    actor.send({ type: "review.approve" })
    expect(actor.getSnapshot().value).toBe("ready")
  })

  it("shows a claim made anywhere on the record it shows, and ignores other records' claims", () => {
    const actor = createActor(machine, { input }).start()
    actor.send({ type: "review.assigned", uuid: UUID, assignee: CLAIM })
    expect(actor.getSnapshot().context.record).toBeNull()
    sendSystemEvent(actor, {
      type: "xstate.done.actor.loadRecord",
      output: workRequest("pending"),
    })
    actor.send({ type: "review.assigned", uuid: "00000000-0000-4000-8000-000000000002", assignee: CLAIM })
    expect(actor.getSnapshot().context.record?.assignee).toBeNull()
    actor.send({ type: "review.approve" })
    actor.send({ type: "review.assigned", uuid: UUID, assignee: CLAIM })
    // Taken in any state, without leaving it: a confirmation that is open stays open.
    expect(actor.getSnapshot().value).toBe("confirming")
    expect(actor.getSnapshot().context.record?.assignee).toEqual(CLAIM)
    // A claim made in this tab brings the whole record, its audit trail too.
    const after = { ...workRequest("pending"), assignee: null, reason: "a fresh copy" }
    actor.send({ type: "review.assigned", uuid: UUID, assignee: null, record: after })
    expect(actor.getSnapshot().context.record).toEqual(after)
  })

  it("refuses an empty reason", () => {
    const actor = createActor(machine, { input }).start()
    sendSystemEvent(actor, {
      type: "xstate.done.actor.loadRecord",
      output: workRequest("pending"),
    })
    actor.send({ type: "review.reject" })
    actor.send({ type: "review.submitReason", reason: "  " })
    expect(actor.getSnapshot().value).toBe("askingReason")
    actor.send({ type: "review.submitReason", reason: " Out of area " })
    expect(actor.getSnapshot().value).toBe("acting")
    expect(actor.getSnapshot().context.decision).toEqual({ action: "reject", reason: "Out of area" })
  })
})

// An application: its third answer (ask the applicant for more) and the override an incomplete checklist asks
// for (docs/behaviour.md#documents). A request never reaches these states, so they are walked here.
describe("review machine paths for an application", () => {
  const appInput = { kind: "application" as const, uuid: UUID }
  const appEvents = pathEvents(machine, [
    { type: "xstate.done.actor.loadRecord", output: application("pending", false) },
    { type: "xstate.done.actor.loadRecord", output: application("pending", true) },
    { type: "review.approve" },
    { type: "review.requestInfo" },
    { type: "review.cancel" },
    { type: "review.submitOverride", reason: "  " },
    { type: "review.submitOverride", reason: "Insurance seen on paper" },
    { type: "review.submitMessage", message: " " },
    { type: "review.submitMessage", message: "Please send your insurance" },
    { type: "xstate.done.actor.act", output: application("pending", false, "2026-01-03T10:00:00.000Z") },
    { type: "xstate.done.actor.act", output: application("pending", true, "2026-01-03T10:00:00.000Z") },
    { type: "xstate.done.actor.act", output: application("accepted", false) },
    { type: "xstate.error.actor.act", error: { status: 409, detail: "Already accepted by Corey C." } },
    { type: "xstate.error.actor.act", error: { status: 500, detail: null } },
    { type: "xstate.done.actor.reloadRecord", output: application("pending", false) },
    { type: "review.refresh" },
    { type: "review.reject" },
    { type: "review.remoteChanged", change: { ...remote("approved", true), source: "application" } },
  ])
  const serialize = (s: { value: unknown; context: ReviewContext }) =>
    JSON.stringify([
      s.value,
      s.context.record?.status ?? null,
      s.context.record !== null && "checklist" in s.context.record
        ? s.context.record.checklist?.some((e) => e.state === "missing")
        : null,
      s.context.decision,
    ])
  const paths = getShortestPaths(machine, { events: appEvents, serializeState: serialize, input: appInput })
  const walk = (path: (typeof paths)[number]) => {
    const actor = recordedActor(machine, { input: appInput }).start()
    for (const step of path.steps.slice(1)) actor.send(step.event)
    const snap = actor.getSnapshot()
    expect(snap.value).toEqual(path.state.value)
    // The override dialog opens only for an application whose checklist misses a required document.
    if (snap.matches("askingOverride")) {
      const record = snap.context.record
      expect(
        record !== null && "checklist" in record && record.checklist?.some((e) => e.state === "missing"),
      ).toBe(true)
    }
    // An accept over the checklist always carries its reason; a request for information its message.
    const decision = snap.context.decision
    if (decision?.action === "accept" && snap.matches("acting")) {
      const record = snap.context.record
      const blocked =
        record !== null && "checklist" in record && record.checklist?.some((e) => e.state === "missing")
      expect(blocked ? decision.overrideReason : undefined).toBe(
        blocked ? "Insurance seen on paper" : undefined,
      )
    }
    if (decision?.action === "requestInformation") expect(decision.message).toBe("Please send your insurance")
    actor.stop()
  }

  it("reaches the override and the request for information", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    expect(reached).toContain(JSON.stringify("askingOverride"))
    expect(reached).toContain(JSON.stringify("askingMessage"))
  })
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))
  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(machine, {
        events: appEvents,
        serializeState: serialize,
        input: appInput,
      }))
        walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
