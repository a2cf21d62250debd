import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import { visibleCandidates } from "../../../src/machines/marketplace/candidate-filter"
import type { RecordDetail } from "../../../src/machines/marketplace/marketplace-types"
import {
  CANDIDATES_LOAD_FAILED,
  type LoadCandidatesInput,
  type SaveSelectionInput,
  type SelectProvidersContext,
  type SelectTarget,
  selectProvidersMachine,
} from "../../../src/machines/marketplace/select-providers.machine"
import type { Candidate, CandidateList, CandidateRequest } from "../../../src/schema/marketplace/candidates"
import { MARKETPLACE_LIMITS } from "../../../src/schema/marketplace/marketplace"
import { getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"
import { UUID, workRequest } from "./marketplace-fixtures"

// The real provider-choice machine with its calls left pending: the path delivers the candidates, the save's
// answer and its failures (a 409 from someone who chose first, or a plain failure) as events. Distance and
// capacity are the server's to apply: the machine asks again with them, and the path answers for the server.

// Provider 1 is 5 km away and full; provider 2 is 60 km away with room; provider 3's distance is unknown.
const candidate = (n: number, selected: boolean): Candidate => ({
  uuid: `00000000-0000-4000-8000-00000000c00${n}`,
  company_name: `Provider ${n}`,
  services: ["plumbing"],
  service_area: ["Leeds"],
  rating: null,
  current_load: n === 1 ? 6 : 2,
  capacity: 6,
  distance_km: n === 1 ? 5 : n === 2 ? 60 : null,
  factors: [],
  active: true,
  application_uuid: null,
  created_at: "2026-01-01T10:00:00.000Z",
  rank: n,
  score: 90 - n,
  reasons: [],
  selected,
})
const A = candidate(1, false)
const B = candidate(2, true)
const C = candidate(3, false)
const CONFLICT = "Providers were already chosen for this work request by Ada Admin."

const input: SelectTarget = { kind: "work", uuid: UUID }
const request = (status: CandidateRequest["status"]): CandidateRequest => ({
  uuid: UUID,
  title: "Leaking tap",
  status,
  service_category: "plumbing",
  area: "Leeds",
})
const list = (status: CandidateRequest["status"], results: Candidate[]): CandidateList => ({
  count: results.length,
  results,
  request: request(status),
})
const events = pathEvents(selectProvidersMachine, [
  { type: "xstate.done.actor.loadCandidates", output: list("approved", [A, B, C]) },
  // What the server keeps within 25 km, or with room: C alone, ranked first.
  { type: "xstate.done.actor.loadCandidates", output: list("approved", [{ ...C, rank: 1 }]) },
  // A pending (or rejected) request takes no providers: the page explains instead of offering a choice.
  { type: "xstate.done.actor.loadCandidates", output: list("pending", []) },
  { type: "xstate.error.actor.loadCandidates", error: { status: 503, detail: null } },
  { type: "select.retry" },
  { type: "select.toggle", uuid: A.uuid },
  { type: "select.toggle", uuid: B.uuid },
  { type: "select.filter", search: "provider 1", service: "", maxKm: null, hasCapacity: false },
  { type: "select.filter", search: "", service: "", maxKm: 25, hasCapacity: false },
  { type: "select.filter", search: "", service: "", maxKm: null, hasCapacity: true },
  { type: "select.confirm" },
  { type: "select.cancel" },
  { type: "select.save" },
  { type: "xstate.done.actor.saveSelection", output: workRequest("approved") },
  { type: "xstate.error.actor.saveSelection", error: { status: 409, detail: CONFLICT } },
  { type: "xstate.error.actor.saveSelection", error: { status: 500, detail: null } },
])

const serializeState = (s: { value: unknown; context: SelectProvidersContext }) =>
  JSON.stringify([
    s.value,
    [...s.context.chosen].sort(),
    s.context.error,
    s.context.maxKm,
    s.context.hasCapacity,
    s.context.listedFor,
  ])

function fakes(log: { saved: number[]; failures: string[] }) {
  return selectProvidersMachine.provide({
    actors: {
      loadCandidates: pending<CandidateList, LoadCandidatesInput>(),
      saveSelection: pending<RecordDetail, SaveSelectionInput>(),
    },
    actions: {
      announceSaved: (_, p) => void log.saved.push(p.count),
      announceFailure: (_, p) => void log.failures.push(p.message),
    },
  })
}
const machine = fakes({ saved: [], failures: [] })
type Path = ReturnType<typeof getShortestPaths<typeof machine>>[number]

/** Replays a path on the real machine, checking what must hold after every step. */
function walk(path: Path) {
  const log = { saved: [] as number[], failures: [] as string[] }
  const actor = replay(fakes(log), [], { input })
  const changed: unknown[] = []
  actor.on("records.changed", (fact) => changed.push(fact))
  for (const step of path.steps.slice(1)) {
    const before = actor.getSnapshot()
    const type = (step.event as { type: string }).type
    actor.send(step.event)
    const { value, context, children } = actor.getSnapshot()
    const asked = (children.loadCandidates?.getSnapshot() as { input?: LoadCandidatesInput } | undefined)
      ?.input
    // Every load asks the server for the distance and capacity the page shows, and for this request.
    if (value === "loading" || value === "refetching")
      expect(asked).toEqual({
        target: input,
        filter: { maxKm: context.maxKm, hasCapacity: context.hasCapacity },
      })
    // While the server is asked again, the rows it gave last stay shown.
    if (value === "refetching") expect(context.candidates).toEqual(before.context.candidates)
    if (before.value === "refetching" && type === "xstate.error.actor.loadCandidates") {
      // A failed load says so, and keeps the filter as asked and the rows as they were.
      expect(context.error).toBe(CANDIDATES_LOAD_FAILED)
      expect([context.maxKm, context.hasCapacity]).toEqual([before.context.maxKm, before.context.hasCapacity])
      expect(context.candidates).toEqual(before.context.candidates)
    }
    if (type === "xstate.done.actor.loadCandidates")
      expect(context.listedFor).toEqual({ maxKm: context.maxKm, hasCapacity: context.hasCapacity })
    // Rows that answer another filter than the one shown come only with the sentence saying why.
    if (
      value === "ready" &&
      (context.listedFor.maxKm !== context.maxKm || context.listedFor.hasCapacity !== context.hasCapacity)
    )
      expect(context.error).not.toBeNull()
    if (value === "confirming") expect(context.chosen.length).toBeGreaterThan(0)
    if (value === "loadFailed") expect(context.error).toBe(CANDIDATES_LOAD_FAILED)
    if (value === "notApproved") expect(context.request?.status).not.toBe("approved")
    if (value === "ready" || value === "confirming") expect(context.request?.status).toBe("approved")
    expect(context.chosen.length).toBeLessThanOrEqual(MARKETPLACE_LIMITS.maxSelectedProviders)
    for (const id of context.chosen) expect(context.candidates.map((c) => c.uuid)).toContain(id)
    // What the page lists is what the text and service in the context allow.
    for (const c of visibleCandidates(context)) {
      if (context.service !== "") expect(c.services).toContain(context.service)
      if (context.search !== "") expect(c.company_name.toLowerCase()).toContain(context.search.trim())
    }
  }
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  const types = path.steps.map((s) => (s.event as { type: string }).type)
  // Each save is announced once, as saved or as failed, with the server's sentence for a conflict.
  expect(log.saved).toHaveLength(types.filter((t) => t === "xstate.done.actor.saveSelection").length)
  expect(log.failures).toHaveLength(types.filter((t) => t === "xstate.error.actor.saveSelection").length)
  // A saved choice changed the request: the lists and counts hear it, once per save.
  expect(changed).toEqual(
    log.saved.map(() => ({ type: "records.changed", source: input.kind, uuids: [input.uuid] })),
  )
  if (types.includes("xstate.error.actor.saveSelection") && snap.value === "loading")
    expect(snap.context.error).toBe(CONFLICT)
  if (snap.value === "saved") expect(snap.status).toBe("done")
  actor.stop()
}

describe("the candidate filter", () => {
  const base = { candidates: [A, B, C], search: "", service: "" }
  it("keeps every candidate the server sent when no text or service is given", () => {
    expect(visibleCandidates(base)).toEqual([A, B, C])
  })
  it("narrows by name or area, in any case, and by service", () => {
    expect(visibleCandidates({ ...base, search: " PROVIDER 2 " }).map((c) => c.uuid)).toEqual([B.uuid])
    expect(visibleCandidates({ ...base, search: "leeds" })).toHaveLength(3)
    expect(visibleCandidates({ ...base, service: "roofing" })).toEqual([])
  })
})

describe("select-providers machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState, input })

  it("reaches every state of the chart", () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set([
        "loading",
        "loadFailed",
        "notApproved",
        "ready",
        "refetching",
        "confirming",
        "saving",
        "saved",
      ]),
    )
  })

  // One test per chart state: the paths to it differ only in what is ticked and filtered.
  for (const state of [
    "loading",
    "loadFailed",
    "notApproved",
    "ready",
    "refetching",
    "confirming",
    "saving",
    "saved",
  ]) {
    const group = paths.filter((p) => p.state.value === state)
    it(`walks the ${group.length} shortest paths to ${state}`, () => {
      for (const path of group) walk(path)
    })
  }

  it("after a conflict, a failed reload keeps the conflict's sentence over the list", () => {
    const edges = getEdgePaths(machine, { events, serializeState, input })
    const reloadFailed = edges.find(
      (e) =>
        e.steps.at(-2)?.state.context.error === CONFLICT &&
        (e.steps.at(-1)?.event as { type: string } | undefined)?.type === "xstate.error.actor.loadCandidates",
    )
    expect(reloadFailed, "no edge reloads after a conflict").toBeDefined()
    const actor = replay(fakes({ saved: [], failures: [] }), reloadFailed?.steps ?? [])
    expect(actor.getSnapshot().value).toBe("ready")
    expect(actor.getSnapshot().context.error).toBe(CONFLICT)
    actor.stop()
  })

  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState, input })
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
