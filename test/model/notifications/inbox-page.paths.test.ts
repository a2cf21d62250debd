import { describe, expect, it } from "vitest"
import { createActor, fromPromise } from "xstate"
import { getShortestPaths } from "xstate/graph"
import {
  type InboxPageContext,
  type InboxPageEvent,
  inboxPageMachine,
  type LoadInboxInput,
} from "../../../src/machines/notifications/inbox-page.machine"
import {
  DEFAULT_INBOX_QUERY,
  inboxSearchString,
  parseInboxSearch,
} from "../../../src/machines/notifications/inbox-query"
import type { Notification, NotificationPage } from "../../../src/schema/notifications/notifications"
import { recordedActor } from "../coverage"
import { describeEvent, getEdgePaths, pathEvents, pending, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The real notifications-page list with its loader pending: every outcome is an event of the path.

const item = (id: number, is_read = false, priority: Notification["priority"] = "medium"): Notification => ({
  id,
  notification_type: "system",
  title: `Item ${id}`,
  message: "m",
  priority,
  is_read,
  sender_name: null,
  created_at: "2026-01-01T00:00:00.000Z",
  action_url: null,
  channel: "in_app",
})
const page = (items: Notification[], next: string | null): NotificationPage => ({
  count: items.length,
  next,
  previous: null,
  results: items,
})

const urgent = parseInboxSearch("priority=urgent")
const archive = parseInboxSearch("view=archived")
const input = { query: DEFAULT_INBOX_QUERY }
const machine = inboxPageMachine.provide({
  actors: { loadPage: pending<NotificationPage, LoadInboxInput>() },
})

const events = pathEvents(machine, [
  { type: "xstate.done.actor.loadPage", output: page([item(3), item(2, true)], "/p2") },
  { type: "xstate.done.actor.loadPage", output: page([], null) },
  { type: "xstate.error.actor.loadPage", error: new Error("500") },
  { type: "xstate.done.actor.loadMore", output: page([item(1)], null) },
  { type: "xstate.error.actor.loadMore", error: new Error("500") },
  { type: "inbox.loadMore" },
  { type: "inbox.retry" },
  { type: "inbox.refetch" },
  { type: "inbox.sync", query: urgent },
  { type: "inbox.sync", query: DEFAULT_INBOX_QUERY },
  { type: "inbox.sync", query: archive },
  { type: "inbox.filter", filters: { is_read: "false" } },
  { type: "inbox.clearFilters" },
  { type: "inbox.arrived", notification: item(9) },
  { type: "inbox.arrived", notification: item(8, false, "urgent") },
  { type: "inbox.changed", id: 3, change: "read" },
  { type: "inbox.changed", id: 3, change: "archived" },
  { type: "inbox.changed", id: 2, change: "unarchived" },
  { type: "inbox.changed", id: "all", change: "read" },
])

type Snap = { value: unknown; context: InboxPageContext }
const serializeState = (s: Snap) =>
  JSON.stringify([
    s.value,
    inboxSearchString(s.context.query),
    s.context.hasMore,
    s.context.items.map((n) => `${n.id}${n.is_read ? "r" : "u"}`),
  ])
// What the guards read and the states: the rows themselves change no transition.
const coarse = (s: Snap) => JSON.stringify([s.value, inboxSearchString(s.context.query), s.context.hasMore])

function checkInvariants(value: unknown, ctx: InboxPageContext) {
  const ids = ctx.items.map((n) => n.id)
  // Merged by id: never twice, newest first.
  expect(new Set(ids).size).toBe(ids.length)
  expect([...ids].sort((a, b) => b - a)).toEqual(ids)
  // A live item never joins the archive, nor a list whose filters would not return it (while a new place
  // loads, the page shows 'Loading...', not the rows of the old one).
  if (value === "loading" || value === "failed") return
  if (ctx.query.view === "archived") expect(ids).not.toContain(9)
  if (ctx.query.filters.priority === "urgent") expect(ids).not.toContain(9)
}

const walk = (path: { steps: ReadonlyArray<{ event: unknown }>; state: { value: unknown } }) => {
  const actor = recordedActor(machine, { input }).start()
  for (const step of path.steps.slice(1)) {
    actor.send(step.event as InboxPageEvent)
    checkInvariants(actor.getSnapshot().value, actor.getSnapshot().context)
  }
  expect(actor.getSnapshot().value).toEqual(path.state.value)
  actor.stop()
}

describe("inbox page machine paths", () => {
  const shortest = getShortestPaths(machine, { events, serializeState: coarse, input })

  it("reaches loading, ready, loadingMore and failed", () => {
    const reached = new Set(shortest.map((p) => p.state.value))
    for (const v of ["loading", "ready", "loadingMore", "failed"]) expect(reached).toContain(v)
  })

  for (const path of shortest)
    it(`shortest: ${path.steps.map((s) => describeEvent(s.event)).join(" → ")}`, () => walk(path))

  it(
    "takes every event from every state it reaches, with the invariants at every step",
    () => {
      const edges = getEdgePaths(machine, { events, serializeState, input })
      expect(edges.length).toBeGreaterThan(events.length)
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})

describe("inbox page behaviour", () => {
  const recording = (query = DEFAULT_INBOX_QUERY) => {
    const calls: LoadInboxInput[] = []
    const m = inboxPageMachine.provide({
      actors: {
        loadPage: fromPromise<NotificationPage, LoadInboxInput>(({ input: i }) => {
          calls.push(i)
          return new Promise(() => {})
        }),
      },
    })
    return { calls, actor: createActor(m, { input: { query } }).start() }
  }
  const loaded = (query = DEFAULT_INBOX_QUERY, items = [item(3), item(2, true)]) => {
    const r = recording(query)
    r.actor.send({ type: "xstate.done.actor.loadPage", output: page(items, null) } as never)
    return r
  }

  it("loads with its own query; a sync to the place it has does not load again, another place does", () => {
    const { calls, actor } = recording(urgent)
    actor.send({ type: "inbox.sync", query: parseInboxSearch("priority=urgent") })
    expect(calls).toEqual([{ query: urgent, page: 1 }])
    actor.send({ type: "inbox.sync", query: archive })
    expect(calls.at(-1)).toEqual({ query: archive, page: 1 })
  })

  it("clears its filters but keeps the view, and has nothing to clear without filters", () => {
    const { calls, actor } = recording({ view: "archived", filters: { priority: "high", is_read: "true" } })
    actor.send({ type: "inbox.clearFilters" })
    expect(actor.getSnapshot().context.query).toEqual({ view: "archived", filters: {} })
    actor.send({ type: "inbox.clearFilters" })
    expect(calls).toHaveLength(2)
  })

  it("follows reads, unreads and archiving made anywhere", () => {
    const { actor } = loaded()
    actor.send({ type: "inbox.changed", id: 2, change: "unread" })
    expect(actor.getSnapshot().context.items.map((n) => n.is_read)).toEqual([false, false])
    actor.send({ type: "inbox.changed", id: "all", change: "read" })
    expect(actor.getSnapshot().context.items.every((n) => n.is_read)).toBe(true)
    actor.send({ type: "inbox.changed", id: 3, change: "archived" })
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual([2])
  })

  it("in the archive, an unarchived row leaves and a row archived elsewhere loads the archive again", () => {
    const { calls, actor } = loaded(archive)
    actor.send({ type: "inbox.changed", id: 3, change: "unarchived" })
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual([2])
    actor.send({ type: "inbox.changed", id: 7, change: "archived" })
    expect(actor.getSnapshot().value).toBe("loading")
    expect(calls).toHaveLength(2)
  })

  it("takes a new item only when its filters would have returned it", () => {
    const { actor } = loaded(urgent, [item(3, false, "urgent")])
    actor.send({ type: "inbox.arrived", notification: item(9) })
    actor.send({ type: "inbox.arrived", notification: item(10, false, "urgent") })
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual([10, 3])
  })

  it("round-trips its place through the URL, writing only what differs from the defaults", () => {
    expect(inboxSearchString(DEFAULT_INBOX_QUERY)).toBe("")
    const q = { view: "archived" as const, filters: { is_read: "false" as const, type: "security" as const } }
    expect(parseInboxSearch(inboxSearchString(q))).toEqual(q)
    expect(parseInboxSearch("priority=bogus&view=nope&type=")).toEqual(DEFAULT_INBOX_QUERY)
  })
})
