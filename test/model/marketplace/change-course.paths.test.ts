import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import {
  CANDIDATES_FAILED,
  type ChangeCourseContext,
  type CourseTarget,
  changeCourseMachine,
  mayOfferMore,
  mayWithdraw,
  NO_MORE_CANDIDATES,
  NONE_CHOSEN,
  type OfferMoreInput,
  WITHDRAW_FAILED,
  type WithdrawInput,
} from "../../../src/machines/marketplace/change-course.machine"
import type { RecordDetail } from "../../../src/machines/marketplace/marketplace-types"
import type { Candidate, CandidateList } from "../../../src/schema/marketplace/candidates"
import type { Offer } from "../../../src/schema/marketplace/marketplace"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"
import { UUID, workRequest } from "./marketplace-fixtures"

// Changing course on a request page: the real machine with its calls left pending; the path delivers the
// candidates, the answers and the failures (a 409 when the job moved meanwhile, or a plain failure).

const input: CourseTarget = { kind: "work", uuid: UUID }
const machine = changeCourseMachine.provide({
  actors: {
    withdraw: pending<RecordDetail, WithdrawInput>(),
    offerMore: pending<RecordDetail, OfferMoreInput>(),
    loadCandidates: pending<CandidateList, CourseTarget>(),
  },
})

const offer = (state: Offer["state"]): Offer => ({
  uuid: "00000000-0000-4000-8000-0000000000f1",
  provider: { uuid: "00000000-0000-4000-8000-00000000c001", company_name: "Ash Roofing" },
  state,
  offered_at: "2026-01-01T10:00:00.000Z",
  offered_by: { id: 1, full_name: "Corey Coordinator" },
  expires_at: "2026-01-03T10:00:00.000Z",
  answered_at: null,
  reason: null,
})
const candidate = (n: number, selected: boolean): Candidate => ({
  uuid: `00000000-0000-4000-8000-00000000c00${n}`,
  company_name: `Provider ${n}`,
  services: ["roofing"],
  service_area: ["Leeds"],
  rating: null,
  current_load: 0,
  capacity: 6,
  distance_km: null,
  factors: [],
  active: true,
  application_uuid: null,
  created_at: "2026-01-01T10:00:00.000Z",
  rank: n,
  score: 90 - n,
  reasons: [],
  selected,
})
const list = (results: Candidate[]): CandidateList => ({
  count: results.length,
  results,
  request: {
    uuid: UUID,
    title: "Slipped slates",
    status: "approved",
    service_category: "roofing",
    area: "Leeds",
  },
})
const FREE = candidate(2, false)
const TAKEN = "This work request was already accepted by a provider; nothing more can be offered."
const record = workRequest("approved")

const events = pathEvents(machine, [
  { type: "course.withdraw", offer: offer("offered") },
  // An answered offer cannot be withdrawn: the event leads nowhere.
  { type: "course.withdraw", offer: offer("accepted") },
  { type: "course.offerMore" },
  { type: "course.toggle", uuid: FREE.uuid },
  { type: "course.submit", reason: "Ash is slow to answer" },
  { type: "course.submit", reason: "   " },
  { type: "course.cancel" },
  { type: "xstate.done.actor.withdraw", output: record },
  {
    type: "xstate.error.actor.withdraw",
    error: { status: 409, detail: "This offer was withdrawn at 10:00." },
  },
  { type: "xstate.error.actor.withdraw", error: new Error("offline") },
  { type: "xstate.done.actor.loadCandidates", output: list([candidate(1, true), FREE]) },
  { type: "xstate.done.actor.loadCandidates", output: list([candidate(1, true)]) },
  { type: "xstate.error.actor.loadCandidates", error: new Error("offline") },
  { type: "xstate.done.actor.offerMore", output: record },
  { type: "xstate.error.actor.offerMore", error: { status: 409, detail: TAKEN } },
  {
    type: "xstate.error.actor.offerMore",
    error: { status: 400, detail: "provider_ids: x is not a candidate." },
  },
])

const serializeState = (s: { value: unknown; context: ChangeCourseContext }) =>
  JSON.stringify([
    s.value,
    s.context.chosen,
    s.context.error,
    s.context.conflict,
    s.context.candidates.length,
  ])

type Path = ReturnType<typeof getShortestPaths<typeof machine>>[number]

function walk(path: Path) {
  const actor = replay(machine, path.steps, { input })
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  const { context } = snap
  // Only providers without an open offer are ever offered, and only the chosen ones.
  expect(context.candidates.every((c) => !c.selected)).toBe(true)
  for (const id of context.chosen) expect(context.candidates.map((c) => c.uuid)).toContain(id)
  if (snap.matches("askingWithdraw") || snap.matches("withdrawing"))
    expect(context.offer?.state).toBe("offered")
  if (snap.matches("idle")) expect([context.offer, context.chosen, context.error]).toEqual([null, [], null])
  const last = path.steps.at(-1)?.event as
    | { type: string; error?: unknown; output?: CandidateList }
    | undefined
  switch (last?.type) {
    case "xstate.error.actor.withdraw":
      if (last.error instanceof Error) expect(context.error).toBe(WITHDRAW_FAILED)
      else expect(context.conflict).toMatch(/withdrawn at/)
      break
    case "xstate.error.actor.offerMore":
      if ((last.error as { status: number }).status === 409) expect(context.conflict).toBe(TAKEN)
      else expect(context.error).toMatch(/not a candidate/)
      break
    case "xstate.error.actor.loadCandidates":
      expect(context.conflict).toBe(CANDIDATES_FAILED)
      break
    case "xstate.done.actor.loadCandidates":
      expect(context.error).toBe(last.output?.results.some((c) => !c.selected) ? null : NO_MORE_CANDIDATES)
      break
    case "course.submit":
      if (snap.matches("choosing") && context.chosen.length === 0 && path.steps.length > 2)
        expect([null, NONE_CHOSEN, NO_MORE_CANDIDATES]).toContain(context.error)
      break
  }
  actor.stop()
}

describe("change-course machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState, input })

  it("reaches every state of the chart", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const v of ["idle", "askingWithdraw", "withdrawing", "loadingCandidates", "choosing", "offering"])
      expect(reached).toContain(JSON.stringify(v))
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState, input })
      // Nothing is saved without a reason, and an offer of more needs a provider chosen first.
      for (const e of edges.filter((p) => p.state.value === "offering" || p.state.value === "withdrawing")) {
        const submit = e.steps.at(-1)?.event as { type: string; reason?: string }
        expect(submit.type).toBe("course.submit")
        expect(submit.reason?.trim()).not.toBe("")
      }
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it("says which offers may be withdrawn and when more providers may be offered", () => {
    expect(mayWithdraw(offer("offered"))).toBe(true)
    for (const s of ["accepted", "declined", "expired", "withdrawn"] as const)
      expect(mayWithdraw(offer(s))).toBe(false)
    expect(mayOfferMore(record)).toBe(true)
    expect(mayOfferMore(workRequest("pending"))).toBe(false)
    expect(mayOfferMore({ ...record, offers: [offer("accepted")] } as RecordDetail)).toBe(false)
  })
})
