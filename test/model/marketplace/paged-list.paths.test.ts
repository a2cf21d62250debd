import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { FINDING } from "../../../src/constants"
import type { RemoteChange } from "../../../src/machines/live/remote-change"
import { listSearchString, parseListSearch } from "../../../src/machines/marketplace/list-url"
import type { ListItem, ListPage } from "../../../src/machines/marketplace/marketplace-types"
import {
  type FetchPageInput,
  LIST_LOAD_FAILED,
  type PagedListContext,
  type PagedListEvent,
  pagedListMachine,
} from "../../../src/machines/marketplace/paged-list.machine"
import { recordedActor } from "../coverage"
import { describeEvent, getEdgePaths, pathEvents, pending, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"
import { page, UUID, workRequest } from "./marketplace-fixtures"

const CLAIM = { id: 2, full_name: "Cora Second", assigned_at: "2026-01-01T11:00:00.000Z" }

const start = parseListSearch("", "pending")
function remote(
  source: "work" | "maintenance",
  status: "pending" | "approved",
  marked: boolean,
): RemoteChange {
  return {
    source,
    uuid: UUID,
    record: workRequest(status) as ListItem,
    mark: marked ? { words: "Approved by Cora Second", at: "2026-01-02T10:00:00.000Z" } : null,
    holder: "nobody",
  }
}
/** The record.changed of a claim made elsewhere: held by someone else (Cora claimed it), by this user, or released. */
function claimed(holder: RemoteChange["holder"]): RemoteChange {
  const assignee = holder === "nobody" ? null : holder === "me" ? { ...CLAIM, id: 7 } : CLAIM
  return {
    source: "work",
    uuid: UUID,
    record: { ...workRequest("pending"), assignee } as ListItem,
    mark:
      holder === "someone else"
        ? { words: "Claimed by Cora Second", at: "2026-01-02T10:00:00.000Z" }
        : holder === "nobody"
          ? { words: "Released by Cora Second", at: "2026-01-02T10:00:00.000Z" }
          : null,
    holder,
  }
}
const input = { source: "work" as const, query: start }
const machine = pagedListMachine.provide({ actors: { fetchPage: pending<ListPage, FetchPageInput>() } })

// Actor outcomes are events, so the graph walks the real chart. The core events move the list about; each
// concern's events are walked with the core ones but not with each other's, whose cross product would make
// the graph too large to walk (they touch separate parts of the context).
const core = pathEvents(machine, [
  { type: "xstate.done.actor.fetchPage", output: page(2) },
  { type: "xstate.done.actor.fetchPage", output: page(0) },
  { type: "xstate.error.actor.fetchPage", error: { status: 503, detail: null } },
  { type: "list.retry" },
  { type: "list.page", page: 2 },
  { type: "list.search", search: "  tap " },
  { type: "list.order", ordering: "title" },
  { type: "list.sync", query: { ...start, page: 3 } },
  { type: "list.sync", query: start },
  { type: "list.reload" },
  // Records changed (from the bus): this list, of work requests, reloads for work; maintenance is not its kind.
  { type: "list.recordsChanged", source: "work" },
  { type: "list.recordsChanged", source: "maintenance" },
])

const concerns: Array<readonly [string, ReadonlyArray<PagedListEvent>]> = [
  [
    "typing and the cursor",
    pathEvents(machine, [
      { type: "list.type", search: "boil " },
      { type: "xstate.after.listSearchDebounce.pagedList.typing" },
      { type: "list.cursor", by: 1 },
      { type: "list.cursor", by: -1 },
    ]),
  ],
  [
    "changes made elsewhere",
    pathEvents(machine, [
      // Changes made elsewhere (bus: records.remoteChanged): approved by someone else (it leaves this pending list
      // unless ticked), reopened by this user (stays, unmarked), and another kind's (nothing to do here).
      { type: "list.remoteChanged", change: remote("work", "approved", true) },
      { type: "list.remoteChanged", change: remote("work", "pending", false) },
      { type: "list.refresh" },
      { type: "list.keep", uuids: [UUID] },
      { type: "xstate.done.actor.refetchPage", output: page(2) },
      { type: "xstate.done.actor.refetchPage", output: page(0) },
      { type: "xstate.error.actor.refetchPage", error: new Error("offline") },
    ]),
  ],
  [
    // A change heard while a search waits for the keys to stop: applied, and the load that follows is stale.
    "changes while typing",
    pathEvents(machine, [
      { type: "list.type", search: "boil " },
      { type: "xstate.after.listSearchDebounce.pagedList.typing" },
      { type: "list.remoteChanged", change: remote("work", "approved", true) },
      { type: "list.refresh" },
      { type: "xstate.done.actor.refetchPage", output: page(2) },
    ]),
  ],
  [
    "claims",
    pathEvents(machine, [
      // Whose records: Mine reloads from page 1; All again reloads; the same filter again does nothing.
      { type: "list.assignee", assignee: "mine" },
      { type: "list.assignee", assignee: "all" },
      // A claim (from the bus): a row of this list shows it; another kind's record or a row not shown is ignored.
      { type: "list.assigned", source: "work", uuid: UUID, assignee: CLAIM },
      { type: "list.assigned", source: "maintenance", uuid: UUID, assignee: null },
      // Unassigned, and the record.changed a claim elsewhere makes: the row leaves, as a decided one leaves a
      // pending list (docs/behaviour.md#claims).
      { type: "list.assignee", assignee: "unassigned" },
      { type: "list.remoteChanged", change: claimed("someone else") },
    ]),
  ],
  [
    // Applications waiting for their applicant: in or out of the list from page 1; the same again does nothing.
    "waiting for the applicant",
    pathEvents(machine, [
      { type: "list.waiting", waiting: "waiting" },
      { type: "list.waiting", waiting: "all" },
    ]),
  ],
]

concerns.push([
  "filters",
  pathEvents(machine, [
    // A set of filters reloads from page 1; clearing them leaves the query without them.
    { type: "list.filter", filters: { urgency: ["emergency"], submitted_from: "2026-01-01" } },
    { type: "list.filter", filters: {} },
    { type: "list.assignee", assignee: "claimed" },
  ]),
])

const serializeState = (s: { value: unknown; context: PagedListContext }) =>
  JSON.stringify([
    s.value,
    s.context.query,
    s.context.data?.count ?? null,
    s.context.data?.results.length ?? null,
    s.context.error !== null,
    s.context.stale,
    s.context.data?.results[0]?.assignee ?? null,
    s.context.cursor,
  ])

const run = (evs: ReadonlyArray<{ event: unknown }>) => {
  const actor = recordedActor(machine, { input }).start()
  for (const step of evs.slice(1)) actor.send(step.event as PagedListEvent)
  return actor
}

function checkInvariants(value: unknown, ctx: PagedListContext) {
  if (value === "failed") expect(ctx.error).not.toBeNull()
  if (value === "loading" || value === "refreshing") expect(ctx.error).toBeNull()
  // Only a change heard during a load makes it stale, and a reload follows.
  if (value === "ready" || value === "empty" || value === "failed") expect(ctx.stale).toBe(false)
  // Every row shown on a pending list is pending, except a ticked one someone else decided (shown marked).
  for (const row of ctx.data?.results ?? [])
    if (row.status !== "pending") {
      expect(ctx.kept).toContain(row.uuid)
      expect(ctx.marks[row.uuid]).toBeDefined()
    }
  if (value === "empty") expect(ctx.data?.results).toHaveLength(0)
  if (value === "ready") expect(ctx.data?.results.length).toBeGreaterThan(0)
  expect(ctx.query.page).toBeGreaterThanOrEqual(1)
  expect(ctx.query.status).toBe("pending")
  // The cursor is always on a row that is there.
  if (ctx.cursor !== null) {
    expect(ctx.cursor).toBeGreaterThanOrEqual(0)
    expect(ctx.cursor).toBeLessThan(ctx.data?.results.length ?? 0)
  }
}

describe.each(concerns)("paged-list machine paths: core and %s", (concern, extra) => {
  const events = [...core, ...extra]
  const shortest = getShortestPaths(machine, { events, serializeState, input })
  // Simple paths explode with the query in the state; shortest paths still reach every state and query.
  const simple = shortest

  it("reaches loading, ready, empty and failed, and its concern's own state", () => {
    const reached = new Set(simple.map((p) => p.state.value))
    const own =
      { "typing and the cursor": ["typing"], "changes made elsewhere": ["refreshing"] }[concern] ?? []
    for (const v of ["loading", "ready", "empty", "failed", ...own]) expect(reached).toContain(v)
  })

  for (const path of shortest) {
    it(`shortest: ${path.steps.map((s) => describeEvent(s.event)).join(" → ")}`, () => {
      const actor = run(path.steps)
      const snap = actor.getSnapshot()
      expect(snap.value).toEqual(path.state.value)
      expect(snap.context.query).toEqual(path.state.context.query)
      checkInvariants(snap.value, snap.context)
      actor.stop()
    })
  }

  const walkChecked = (path: (typeof shortest)[number]) => {
    const actor = run([])
    for (const step of path.steps.slice(1)) {
      actor.send(step.event)
      checkInvariants(actor.getSnapshot().value, actor.getSnapshot().context)
    }
    expect(actor.getSnapshot().value).toEqual(path.state.value)
    actor.stop()
  }

  it(
    `walks ${simple.length} simple paths with the invariants at every step`,
    () => {
      expect(simple.length).toBeGreaterThan(10)
      for (const path of simple) walkChecked(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )

  it(
    "takes every event from every state it reaches, with the invariants at every step",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState, input })
      const retries = edges.filter((e) => e.steps.at(-1)?.event.type === "list.retry")
      expect(retries.length).toBeGreaterThan(0)
      for (const e of retries) expect(e.state.value).toBe("loading")
      // A change to records of its own kind reloads the list from wherever it is; another kind's leaves it be.
      for (const e of edges.filter((p) => p.steps.at(-1)?.event.type === "list.recordsChanged")) {
        const source = (e.steps.at(-1)?.event as { source?: string } | undefined)?.source
        if (source === "work") expect(e.state.value).toBe("loading")
        else expect(e.state.value).toBe(e.steps.at(-2)?.state.value)
      }
      for (const path of edges) walkChecked(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})

describe("paged-list live changes", () => {
  const ready = () => {
    const calls: FetchPageInput[] = []
    const m = pagedListMachine.provide({
      actors: {
        fetchPage: fromPromise<ListPage, FetchPageInput>(({ input: i }) => {
          calls.push(i)
          return new Promise(() => {})
        }),
      },
    })
    const actor = createActor(m, { input }).start()
    actor.send({ type: "xstate.done.actor.fetchPage", output: page(2) } as never)
    return { calls, actor }
  }

  it("takes a change in place at once and reloads behind the table, once for a burst", () => {
    const { calls, actor } = ready()
    actor.send({ type: "list.remoteChanged", change: remote("work", "approved", true) })
    const snap = actor.getSnapshot()
    expect(snap.value).toBe("refreshing")
    expect(snap.context.data?.results).toHaveLength(1)
    expect(snap.context.data?.count).toBe(1)
    expect(snap.context.marks[UUID]?.words).toBe("Approved by Cora Second")
    expect(calls).toHaveLength(2)
    // Another kind's change is not this list's.
    actor.send({ type: "list.remoteChanged", change: remote("maintenance", "approved", true) })
    expect(actor.getSnapshot().context.data?.results).toHaveLength(1)
    expect(calls).toHaveLength(2)
    // More changes while it reloads: one more load after this one, not one each.
    actor.send({ type: "list.remoteChanged", change: remote("work", "approved", true) })
    actor.send({ type: "list.refresh" })
    expect(calls).toHaveLength(2)
    actor.send({ type: "xstate.done.actor.refetchPage", output: page(2) } as never)
    expect(actor.getSnapshot().value).toBe("refreshing")
    expect(calls).toHaveLength(3)
    actor.send({ type: "xstate.done.actor.refetchPage", output: page(2) } as never)
    expect(actor.getSnapshot().value).toBe("ready")
    expect(calls).toHaveLength(3)
  })

  it("keeps a ticked row that someone else decided, with its new state, through the reload", () => {
    const { actor } = ready()
    actor.send({ type: "list.keep", uuids: [UUID] })
    actor.send({ type: "list.remoteChanged", change: remote("work", "approved", true) })
    expect(actor.getSnapshot().context.data?.results.map((r) => r.status)).toEqual(["approved", "pending"])
    // The server no longer lists it as pending; the ticked row stays where it was.
    actor.send({ type: "xstate.done.actor.refetchPage", output: page(0) } as never)
    expect(actor.getSnapshot().value).toBe("ready")
    expect(actor.getSnapshot().context.data?.results.map((r) => r.status)).toEqual(["approved"])
  })

  it("a change by this user is applied but not marked; a failed background reload keeps the rows", () => {
    const { actor } = ready()
    actor.send({ type: "list.remoteChanged", change: remote("work", "pending", false) })
    expect(actor.getSnapshot().context.marks).toEqual({})
    actor.send({ type: "xstate.error.actor.refetchPage", error: new Error("offline") } as never)
    expect(actor.getSnapshot().value).toBe("ready")
    expect(actor.getSnapshot().context.data?.results).toHaveLength(2)
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})

describe("paged-list claims made elsewhere on a Mine or Unassigned list", () => {
  const shown = (assignee: "mine" | "unassigned" | "all", rows: ListPage) => {
    const calls: FetchPageInput[] = []
    const m = pagedListMachine.provide({
      actors: {
        fetchPage: fromPromise<ListPage, FetchPageInput>(({ input: i }) => {
          calls.push(i)
          return new Promise(() => {})
        }),
      },
    })
    const actor = createActor(m, { input: { source: "work", query: { ...start, assignee } } }).start()
    actor.send({ type: "xstate.done.actor.fetchPage", output: rows } as never)
    return { calls, actor }
  }
  const held = (n: number, assignee: ListItem["assignee"]): ListPage => ({
    ...page(n),
    results: page(n).results.map((r) => ({ ...r, assignee })),
  })

  it("a row claimed by someone else leaves an Unassigned list at once, and the list reloads behind it", () => {
    const { calls, actor } = shown("unassigned", page(2))
    actor.send({ type: "list.remoteChanged", change: claimed("someone else") })
    const snap = actor.getSnapshot()
    expect(snap.value).toBe("refreshing")
    expect(snap.context.data?.results).toHaveLength(1)
    expect(snap.context.data?.count).toBe(1)
    expect(calls.at(-1)?.query.assignee).toBe("unassigned")
    // Released again: it belongs to the list, and it changes where it stands.
    const { actor: other } = shown("unassigned", page(2))
    other.send({ type: "list.remoteChanged", change: claimed("nobody") })
    expect(other.getSnapshot().context.data?.results).toHaveLength(2)
  })

  it("a row claimed by this user (in another tab) leaves an Unassigned list too; ticked, someone else's claim keeps it, marked", () => {
    const { actor } = shown("unassigned", page(2))
    actor.send({ type: "list.keep", uuids: [UUID] })
    actor.send({ type: "list.remoteChanged", change: claimed("me") })
    expect(actor.getSnapshot().context.data?.results).toHaveLength(1)
    const { actor: ticked } = shown("unassigned", page(2))
    ticked.send({ type: "list.keep", uuids: [UUID] })
    ticked.send({ type: "list.remoteChanged", change: claimed("someone else") })
    const snap = ticked.getSnapshot()
    expect(snap.context.data?.results.map((r) => r.assignee?.full_name ?? null)).toEqual([
      "Cora Second",
      null,
    ])
    expect(snap.context.marks[UUID]?.words).toBe("Claimed by Cora Second")
  })

  it("a row released or taken over leaves a Mine list; All keeps it whoever holds it", () => {
    const mine = { ...CLAIM, id: 7 }
    for (const holder of ["nobody", "someone else"] as const) {
      const { actor } = shown("mine", held(2, mine))
      actor.send({ type: "list.remoteChanged", change: claimed(holder) })
      expect(actor.getSnapshot().context.data?.results).toHaveLength(1)
    }
    const { actor: still } = shown("mine", held(2, mine))
    still.send({ type: "list.remoteChanged", change: claimed("me") })
    expect(still.getSnapshot().context.data?.results).toHaveLength(2)
    const { actor: all } = shown("all", page(2))
    all.send({ type: "list.remoteChanged", change: claimed("someone else") })
    expect(all.getSnapshot().context.data?.results).toHaveLength(2)
    expect(all.getSnapshot().context.data?.results[0]?.assignee).toEqual(CLAIM)
  })
})

describe("paged-list behaviour", () => {
  const recording = () => {
    const calls: FetchPageInput[] = []
    const m = pagedListMachine.provide({
      actors: {
        fetchPage: fromPromise<ListPage, FetchPageInput>(({ input: i }) => {
          calls.push(i)
          return new Promise(() => {})
        }),
      },
    })
    return { calls, actor: createActor(m, { input }).start() }
  }

  it("fetches with the list's query; a new search trims and starts again at page 1", () => {
    const { calls, actor } = recording()
    actor.send({ type: "list.page", page: 4 })
    actor.send({ type: "list.search", search: "  tap " })
    expect(calls.map((c) => c.query.page)).toEqual([1, 4, 1])
    expect(calls[2]?.query.search).toBe("tap")
    expect(calls[2]?.source).toBe("work")
  })

  it("typing waits for the keys to stop, then searches from page 1 once; Enter does not wait", async () => {
    vi.useFakeTimers()
    try {
      const { calls, actor } = recording()
      actor.send({ type: "list.page", page: 3 })
      actor.send({ type: "list.type", search: "b" })
      vi.advanceTimersByTime(FINDING.listSearchDebounceMs - 1)
      actor.send({ type: "list.type", search: "boiler " })
      vi.advanceTimersByTime(FINDING.listSearchDebounceMs - 1)
      expect(calls).toHaveLength(2)
      expect(actor.getSnapshot().value).toBe("typing")
      vi.advanceTimersByTime(1)
      expect(calls.map((c) => [c.query.search, c.query.page])).toEqual([
        ["", 1],
        ["", 3],
        ["boiler", 1],
      ])
      actor.send({ type: "list.type", search: "tap" })
      actor.send({ type: "list.search", search: "tap" })
      expect(calls.at(-1)?.query.search).toBe("tap")
      vi.advanceTimersByTime(FINDING.listSearchDebounceMs * 2)
      expect(calls).toHaveLength(4)
    } finally {
      vi.useRealTimers()
    }
  })

  it("the cursor appears on the first row, stops at both ends, and stays put over a reload", () => {
    const a = createActor(machine, { input }).start()
    a.send({ type: "list.cursor", by: 1 })
    expect(a.getSnapshot().context.cursor).toBeNull()
    a.send({ type: "xstate.done.actor.fetchPage", output: page(3) } as never)
    a.send({ type: "list.cursor", by: 1 })
    expect(a.getSnapshot().context.cursor).toBe(0)
    for (let i = 0; i < 5; i++) a.send({ type: "list.cursor", by: 1 })
    expect(a.getSnapshot().context.cursor).toBe(2)
    a.send({ type: "list.reload" })
    a.send({ type: "xstate.done.actor.fetchPage", output: page(2) } as never)
    expect(a.getSnapshot().context.cursor).toBe(1)
    for (let i = 0; i < 5; i++) a.send({ type: "list.cursor", by: -1 })
    expect(a.getSnapshot().context.cursor).toBe(0)
    a.send({ type: "list.order", ordering: "title" })
    expect(a.getSnapshot().context.cursor).toBeNull()
  })

  it("a sync with the place it already has does not fetch again; another place does", () => {
    const { calls, actor } = recording()
    actor.send({ type: "list.sync", query: start })
    expect(calls).toHaveLength(1)
    actor.send({ type: "list.sync", query: { ...start, search: "boiler" } })
    expect(calls).toHaveLength(2)
  })

  it("shows the server's detail on failure, or the generic sentence, and retries", () => {
    const a = createActor(machine, { input }).start()
    a.send({
      type: "xstate.error.actor.fetchPage",
      error: { status: 400, detail: "page must be 1 or more" },
    } as never)
    expect(a.getSnapshot().context.error).toBe("page must be 1 or more")
    a.send({ type: "list.retry" })
    expect(a.getSnapshot().value).toBe("loading")
    a.send({ type: "xstate.error.actor.fetchPage", error: new Error("offline") } as never)
    expect(a.getSnapshot().context.error).toBe(LIST_LOAD_FAILED)
  })

  it("shows a claim on the row it concerns, and nowhere else", () => {
    const a = createActor(machine, { input }).start()
    a.send({ type: "xstate.done.actor.fetchPage", output: page(2) } as never)
    a.send({ type: "list.assigned", source: "maintenance", uuid: UUID, assignee: CLAIM })
    expect(a.getSnapshot().context.data?.results.map((r) => r.assignee)).toEqual([null, null])
    a.send({ type: "list.assigned", source: "work", uuid: UUID, assignee: CLAIM })
    expect(a.getSnapshot().context.data?.results.map((r) => r.assignee)).toEqual([CLAIM, CLAIM])
    expect(a.getSnapshot().value).toBe("ready")
  })

  it("filters by assignee from the first page, and a filter already in place fetches nothing", () => {
    const { calls, actor } = recording()
    actor.send({ type: "list.page", page: 3 })
    actor.send({ type: "list.assignee", assignee: "mine" })
    actor.send({ type: "list.assignee", assignee: "mine" })
    expect(calls.map((c) => [c.query.page, c.query.assignee])).toEqual([
      [1, undefined],
      [3, undefined],
      [1, "mine"],
    ])
    actor.send({ type: "list.assignee", assignee: "all" })
    expect(calls.at(-1)?.query.assignee).toBeUndefined()
  })

  it("filters applications waiting for their applicant from the first page, and back", () => {
    const { calls, actor } = recording()
    actor.send({ type: "list.page", page: 2 })
    actor.send({ type: "list.waiting", waiting: "waiting" })
    actor.send({ type: "list.waiting", waiting: "waiting" })
    expect(calls.map((c) => [c.query.page, c.query.waiting])).toEqual([
      [1, undefined],
      [2, undefined],
      [1, "waiting"],
    ])
    actor.send({ type: "list.waiting", waiting: "all" })
    expect(calls.at(-1)?.query.waiting).toBeUndefined()
  })

  it("round-trips its place through the URL query, writing only what differs from the defaults", () => {
    expect(listSearchString(start)).toBe("")
    const q = { ...start, page: 3, search: "tap & co", ordering: "title" }
    expect(parseListSearch(listSearchString(q), "pending")).toEqual(q)
    const mine = { ...start, assignee: "mine" as const }
    expect(listSearchString(mine)).toBe("assignee=mine")
    expect(parseListSearch("assignee=unassigned", "pending").assignee).toBe("unassigned")
    expect(parseListSearch("assignee=all", "pending")).toEqual(start)
    expect(parseListSearch("assignee=bogus", "pending")).toEqual(start)
    expect(parseListSearch("page=-2", "pending").page).toBe(1)
  })
})
