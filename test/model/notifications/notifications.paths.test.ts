import { describe, expect, it } from "vitest"
import { type AnyEventObject, createActor, fromCallback, fromPromise } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { notificationsMachine } from "../../../src/machines/notifications/notifications.machine"
import type {
  CatchUp,
  CatchUpInput,
  NotificationsContext,
  NotificationsEvent,
} from "../../../src/machines/notifications/notifications-context"
import type { ToastPlan } from "../../../src/machines/notifications/toast-coalesce"
import type { Notification } from "../../../src/schema/notifications/notifications"
import { recordedActor } from "../coverage"
import {
  describeEvent,
  getEdgePaths,
  pathEvents,
  pending,
  sendSystemEvent,
  WHOLE_GRAPH_TIMEOUT_MS,
} from "../walk"

// The real notifications machine with fake actors: every call is pending until the path delivers its
// outcome as xstate.done.actor.<id> or xstate.error.actor.<id>.

const item = (id: number, is_read = false): Notification => ({
  id,
  notification_type: "system",
  title: `Item ${id}`,
  message: "m",
  priority: "medium",
  is_read,
  sender_name: null,
  created_at: "2026-01-01T00:00:00.000Z",
  action_url: null,
  channel: "in_app",
})
const page = (ids: number[], next: string | null) => ({
  count: 3,
  next,
  previous: null,
  results: ids.map((id) => item(id)),
})

const events = pathEvents(notificationsMachine, [
  { type: "notifications.start" },
  { type: "notifications.stop" },
  { type: "xstate.done.actor.loadFirst", output: { page: page([3, 2], "/p2"), unread: 3 } },
  { type: "xstate.error.actor.loadFirst", error: new Error("500") },
  { type: "notifications.retry" },
  { type: "notifications.loadMore" },
  { type: "xstate.done.actor.loadMore", output: page([1], null) },
  { type: "xstate.error.actor.loadMore", error: new Error("500") },
  { type: "notifications.markRead", id: 3 },
  { type: "notifications.markAllRead" },
  { type: "xstate.done.actor.write", output: { unread: 0 } },
  { type: "xstate.error.actor.write", error: new Error("500") },
  { type: "notifications.connected", latestId: 3, unread: 3 },
  // A catch-up after a reconnection recounts; the first connection's does not (the count it holds stands).
  { type: "xstate.done.actor.catchUp", output: { items: [item(4)], unread: 4 } },
  { type: "xstate.done.actor.catchUp", output: { items: [item(4)], unread: null } },
  { type: "notifications.live", notification: item(4), unread: 4, at: 1 },
  // A push toast announced item 4 first (push.machine.ts).
  { type: "notifications.toasted", id: 4 },
])

type Snap = { value: unknown; context: NotificationsContext }
const serializeState = (s: Snap) =>
  JSON.stringify([
    s.value,
    s.context.items.map((n) => `${n.id}${n.is_read ? "r" : "u"}`),
    s.context.unread,
    // Writes queue up one per read; past two more of them add no new behaviour, which keeps the graph finite.
    Math.min(s.context.queue.length, 2),
    s.context.hasMore,
    s.context.toasted.includes(4),
    // Whether a catch-up recounts: the first connection since start, or a later one.
    Math.min(s.context.connections, 2),
  ])

/** A catch-up answers what it was asked: a count only when it recounts, after a connection but the first. */
const askedOutcome = (s: Snap, e: NotificationsEvent) => {
  const event = e as { type: string; output?: CatchUp }
  if (event.type !== "xstate.done.actor.catchUp" || !event.output) return true
  return (event.output.unread === null) === s.context.connections <= 1
}

function fakes(toasts: ToastPlan[], asked: CatchUpInput[] = []) {
  return notificationsMachine.provide({
    actors: {
      loadFirst: pending(),
      loadMore: pending(),
      catchUp: fromPromise<CatchUp, CatchUpInput>(({ input }) => {
        asked.push(input)
        return new Promise(() => {})
      }),
      write: pending(),
      loadDetail: pending(),
      clock: fromCallback(() => () => {}),
    },
    actions: { showToasts: (_, params) => void toasts.push(...params.plans) },
  })
}

type Regions = { active?: { list: unknown; writes: unknown; detail: unknown } }
/**
 * A (re)connection only starts a catch-up: the pages loaded, a write in flight and an opened notification
 * stay as they were. (Every token refresh restarts the socket; reloading the list then lost someone's place.)
 */
function keepsAllButSync(before: Snap, after: Snap) {
  const regions = (s: Snap) => {
    const active = (s.value as Regions).active
    return active && { list: active.list, writes: active.writes, detail: active.detail }
  }
  expect(regions(after)).toEqual(regions(before))
  expect(after.context.items).toBe(before.context.items)
  expect(after.context.page).toBe(before.context.page)
}

describe("notifications machine paths", () => {
  const paths = getShortestPaths(fakes([]), { events, serializeState, filterEvents: askedOutcome })

  it("reaches loading, ready, loadingMore, failed, catching up and writing", () => {
    const values = paths.map((p) => JSON.stringify(p.state.value))
    for (const part of ['"list":"loading"', '"list":"ready"', '"list":"loadingMore"', '"list":"failed"']) {
      expect(values.some((v) => v.includes(part))).toBe(true)
    }
    expect(values.some((v) => v.includes('"sync":"catchingUp"'))).toBe(true)
    expect(values.some((v) => v.includes('"writes":"writing"'))).toBe(true)
    // Both kinds of catch-up are walked: after the first connection, and after a later one.
    const caughtUp = paths.filter((p) =>
      p.steps.some((st) => `${st.event.type}` === "xstate.done.actor.catchUp"),
    )
    expect(new Set(caughtUp.map((p) => p.state.context.connections > 1))).toEqual(new Set([false, true]))
  })

  const walk = (path: (typeof paths)[number]) => {
    const toasts: ToastPlan[] = []
    const asked: CatchUpInput[] = []
    const actor = recordedActor(fakes(toasts, asked)).start()
    let connections = 0
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot()
      const askedBefore = asked.length
      const toastsBefore = toasts.length
      actor.send(step.event as NotificationsEvent)
      const after = actor.getSnapshot()
      // Only the tab the person used last toasts; which one it is survives a stop (a sign-out).
      if (!before.context.toastHere) expect(toasts.length).toBe(toastsBefore)
      if (step.event.type === "notifications.inUse") expect(after.context.toastHere).toBe(step.event.here)
      else expect(after.context.toastHere).toBe(before.context.toastHere)
      if (step.event.type === "notifications.connected") {
        connections += 1
        keepsAllButSync(before, after)
      }
      // Only a catch-up after a later connection reads the count again (docs/behaviour.md#catch-up).
      for (const input of asked.slice(askedBefore)) expect(input.recount).toBe(connections > 1)
      const outcome = step.event as { type: string; output?: { unread: number | null } }
      // The connection's count stands over a first page that was on its way when the socket connected...
      if (outcome.type === "xstate.done.actor.loadFirst" && outcome.output?.unread != null) {
        const connectedMeanwhile = before.matches({ active: { sync: "awaitingList" } })
        expect(after.context.unread).toBe(connectedMeanwhile ? before.context.unread : outcome.output.unread)
      }
      // ...and over a catch-up that did not recount.
      if (outcome.type === "xstate.done.actor.catchUp" && outcome.output?.unread === null)
        expect(after.context.unread).toBe(before.context.unread)
    }
    const snap = actor.getSnapshot()
    expect(snap.value).toEqual(path.state.value)
    const ids = snap.context.items.map((n) => n.id)
    // Merged by id: never twice, newest first.
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
    // Item 4 arrives live and by catch-up; it is announced once at most.
    expect(toasts.filter((t) => t.kind === "single" && t.title === "Item 4").length).toBeLessThanOrEqual(1)
    // Once a push toast announced it, the socket and the catch-up never announce it again.
    const steps: string[] = path.steps.map((st) => st.event.type)
    const pushedAt = steps.indexOf("notifications.toasted")
    const arrivedAt = steps.findIndex((t) => t === "notifications.live" || t === "xstate.done.actor.catchUp")
    if (pushedAt !== -1 && (arrivedAt === -1 || pushedAt < arrivedAt))
      expect(toasts.filter((t) => t.kind === "single" && t.title === "Item 4")).toEqual([])
    expect(snap.context.unread).toBeGreaterThanOrEqual(0)
    actor.stop()
  }
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  // The four regions run side by side: walking all their events at once would take every combination of
  // their states (thousands of replays). Each walk takes one region's events, with what it needs to get going.
  const first = events.filter((e) => ["notifications.start", "xstate.done.actor.loadFirst"].includes(e.type))
  const regions: Record<string, ReadonlyArray<AnyEventObject>> = {
    "the list and the events for any state": [
      ...events.filter(
        (e) => !e.type.includes("write") && !e.type.includes("catchUp") && !e.type.includes("connected"),
      ),
      { type: "notifications.tick", now: 5 },
      { type: "notifications.count", unread: 2 },
      { type: "notifications.readElsewhere", id: 3 },
      { type: "notifications.changedElsewhere", id: 3, change: "unread" },
      { type: "notifications.changedElsewhere", id: 2, change: "archived" },
      { type: "notifications.tab", tab: "unread" },
      { type: "notifications.tab", tab: "all" },
      { type: "notifications.refetch" },
    ],
    "the catch-up after a reconnect": [
      ...first,
      ...events.filter((e) => e.type.includes("catchUp") || e.type.includes("connected")),
      { type: "xstate.error.actor.catchUp", error: new Error("500") },
    ],
    // Reconnecting (a new token restarts the socket) while paged further, writing, and showing one item.
    "a reconnect while paged, writing and showing an item": [
      ...first,
      { type: "notifications.loadMore" },
      { type: "xstate.done.actor.loadMore", output: page([1], null) },
      { type: "notifications.markRead", id: 3 },
      { type: "notifications.open", id: 4 },
      ...events.filter((e) => e.type.includes("catchUp") || e.type.includes("connected")),
    ],
    "the queued reads": [
      ...first,
      ...events.filter(
        (e) => e.type.includes("write") || e.type.includes("markRead") || e.type.includes("markAll"),
      ),
    ],
    "the queued unreads and archiving": [
      ...first,
      ...events.filter((e) => e.type.includes("write")),
      { type: "notifications.markUnread", id: 3 },
      { type: "notifications.archive", id: 2 },
      { type: "notifications.unarchive", id: 7 },
    ],
    "an opened notification": [
      ...first,
      { type: "notifications.open", id: 4 },
      { type: "xstate.done.actor.loadDetail", output: item(4) },
      { type: "xstate.error.actor.loadDetail", error: new Error("404") },
    ],
  }
  // What the guards read, and the regions' states; the items themselves change no transition.
  const coarse = (s: Snap) =>
    JSON.stringify([
      s.value,
      s.context.hasMore,
      s.context.unread > 0 || s.context.items.some((n) => !n.is_read),
      Object.keys(s.context.filters).length > 0,
      Math.min(s.context.connections, 2),
    ])
  for (const [region, regionEvents] of Object.entries(regions)) {
    it(
      `takes every event from every state it reaches: ${region}`,
      () => {
        const edges = getEdgePaths(fakes([]), {
          events: pathEvents(notificationsMachine, regionEvents),
          serializeState: coarse,
          filterEvents: askedOutcome,
        })
        expect(edges.length).toBeGreaterThan(regionEvents.length)
        for (const path of edges) walk(path)
      },
      WHOLE_GRAPH_TIMEOUT_MS,
    )
  }
})

describe("notifications machine paths: which tab toasts", () => {
  // Another tab of the browser was used after this one, then this one again (tabs.machine.ts): every arrival
  // in either, live or caught up, before and after a stop. Walked on its own (the other walks leave it out),
  // since it would double every other walk's states.
  const regionEvents = pathEvents(notificationsMachine, [
    ...events.filter((e) =>
      [
        "notifications.start",
        "notifications.stop",
        "xstate.done.actor.loadFirst",
        "notifications.connected",
        "notifications.live",
        "xstate.done.actor.catchUp",
      ].includes(e.type),
    ),
    { type: "notifications.inUse", here: false },
    { type: "notifications.inUse", here: true },
  ])
  const serialize = (s: Snap) =>
    JSON.stringify([s.value, s.context.toastHere, s.context.newestSeen, Math.min(s.context.connections, 2)])

  it(
    "toasts only in the tab used last, and remembers which across a stop",
    () => {
      const edges = getEdgePaths(fakes([]), {
        events: regionEvents,
        serializeState: serialize,
        filterEvents: askedOutcome,
      })
      expect(
        edges.some(
          (e) => !e.state.context.toastHere && e.steps.some((st) => st.event.type === "notifications.live"),
        ),
      ).toBe(true)
      for (const path of edges) {
        const toasts: ToastPlan[] = []
        const actor = recordedActor(fakes(toasts)).start()
        let here = true
        for (const step of path.steps.slice(1)) {
          const event = step.event as NotificationsEvent
          const before = actor.getSnapshot()
          const toastsBefore = toasts.length
          actor.send(event)
          if (event.type === "notifications.inUse") here = event.here
          expect(actor.getSnapshot().context.toastHere).toBe(here)
          if (!here) expect(toasts.length).toBe(toastsBefore)
          // In the tab in use, an item new to it is toasted as before; in another, nothing is.
          if (event.type === "notifications.live")
            expect(toasts.length - toastsBefore).toBe(
              here && before.matches("active") && event.notification.id > before.context.newestSeen ? 1 : 0,
            )
        }
        actor.stop()
      }
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})

describe("notifications machine rules", () => {
  const loaded = () => {
    const toasts: ToastPlan[] = []
    const actor = createActor(fakes(toasts)).start()
    actor.send({ type: "notifications.start" })
    sendSystemEvent(actor, {
      type: "xstate.done.actor.loadFirst",
      output: { page: page([3, 2], "/p2"), unread: 2 },
    })
    return { actor, toasts }
  }

  it("marks one read at once, then confirms with the server's count", () => {
    const { actor } = loaded()
    actor.send({ type: "notifications.markRead", id: 3 })
    expect(actor.getSnapshot().context.unread).toBe(1)
    expect(actor.getSnapshot().context.items[0]?.is_read).toBe(true)
    expect(actor.getSnapshot().matches({ active: { writes: "writing" } })).toBe(true)
    sendSystemEvent(actor, { type: "xstate.done.actor.write", output: { unread: 5 } })
    expect(actor.getSnapshot().context.unread).toBe(5)
  })

  it("refetches the list and the count when a read is refused", () => {
    const { actor } = loaded()
    actor.send({ type: "notifications.markAllRead" })
    expect(actor.getSnapshot().context.unread).toBe(0)
    sendSystemEvent(actor, { type: "xstate.error.actor.write", error: new Error("500") })
    expect(actor.getSnapshot().matches({ active: { list: "loading" } })).toBe(true)
    sendSystemEvent(actor, {
      type: "xstate.done.actor.loadFirst",
      output: { page: page([3, 2], null), unread: 2 },
    })
    expect(actor.getSnapshot().context.unread).toBe(2)
    expect(actor.getSnapshot().context.items.every((n) => !n.is_read)).toBe(true)
  })

  it("keeps every loaded page when the socket reconnects, and restarts a catch-up already running", () => {
    const { actor } = loaded()
    actor.send({ type: "notifications.loadMore" })
    sendSystemEvent(actor, {
      type: "xstate.done.actor.loadMore",
      output: page([1], null),
    })
    const paged = actor.getSnapshot().context.items.map((n) => n.id)
    expect(paged).toEqual([3, 2, 1])
    actor.send({ type: "notifications.connected", latestId: 3, unread: 2 })
    actor.send({ type: "notifications.connected", latestId: 3, unread: 2 })
    expect(actor.getSnapshot().matches({ active: { list: "ready", sync: "catchingUp" } })).toBe(true)
    sendSystemEvent(actor, {
      type: "xstate.done.actor.catchUp",
      output: { items: [item(4)], unread: 3 },
    })
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual([4, ...paged])
    expect(actor.getSnapshot().context.page).toBe(2)
  })

  it("a connection while the first page loads catches up after that page, from its newest id", () => {
    const asked: CatchUpInput[] = []
    const machine = fakes([], asked)
    const actor = createActor(machine).start()
    actor.send({ type: "notifications.start" })
    actor.send({ type: "notifications.connected", latestId: 3, unread: 2 })
    expect(actor.getSnapshot().matches({ active: { sync: "awaitingList" } })).toBe(true)
    expect(asked).toEqual([])
    sendSystemEvent(actor, {
      type: "xstate.done.actor.loadFirst",
      output: { page: page([3, 2], "/p2"), unread: 2 },
    })
    expect(actor.getSnapshot().matches({ active: { list: "ready", sync: "catchingUp" } })).toBe(true)
    expect(asked).toEqual([{ sinceId: 3, recount: false }])
    // A first page that fails: no catch-up from nothing (it would read the oldest rows as new).
    const failing = createActor(machine).start()
    failing.send({ type: "notifications.start" })
    failing.send({ type: "notifications.connected", latestId: 3, unread: 2 })
    sendSystemEvent(failing, {
      type: "xstate.error.actor.loadFirst",
      error: new Error("500"),
    })
    expect(failing.getSnapshot().matches({ active: { list: "failed", sync: "idle" } })).toBe(true)
    expect(asked).toHaveLength(1)
  })

  it("takes a live item once, toasts it once, and the catch-up does not add it again", () => {
    const { actor, toasts } = loaded()
    actor.send({ type: "notifications.live", notification: item(4), unread: 3, at: 1 })
    actor.send({ type: "notifications.live", notification: item(4), unread: 3, at: 2 })
    // The connection's count has item 5 already; its catch-up (the first connection's) does not recount.
    actor.send({ type: "notifications.connected", latestId: 5, unread: 4 })
    sendSystemEvent(actor, {
      type: "xstate.done.actor.catchUp",
      output: { items: [item(4), item(5)], unread: null },
    })
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual([5, 4, 3, 2])
    expect(toasts).toEqual([
      { kind: "single", title: "Item 4" },
      { kind: "single", title: "Item 5" },
    ])
    expect(actor.getSnapshot().context.unread).toBe(4)
  })

  it("coalesces a burst of more than five live items into one counting toast", () => {
    const { actor, toasts } = loaded()
    for (let id = 10; id < 17; id++)
      actor.send({ type: "notifications.live", notification: item(id), unread: id, at: id })
    expect(toasts.filter((t) => t.kind === "single")).toHaveLength(5)
    expect(toasts.at(-1)).toEqual({ kind: "burst", count: 7, text: "7 new notifications" })
  })

  it("keeps live items out of the Unread tab when they are read already", () => {
    const { actor } = loaded()
    actor.send({ type: "notifications.tab", tab: "unread" })
    expect(actor.getSnapshot().matches({ active: { list: "loading" } })).toBe(true)
    sendSystemEvent(actor, {
      type: "xstate.done.actor.loadFirst",
      output: { page: page([], null), unread: 2 },
    })
    actor.send({ type: "notifications.live", notification: item(9, true), unread: 2, at: 1 })
    expect(actor.getSnapshot().context.items).toEqual([])
    actor.send({ type: "notifications.live", notification: item(10), unread: 3, at: 2 })
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual([10])
    expect(actor.getSnapshot().context.unread).toBe(3)
  })

  it("marks one unread and archives one at once, publishing each change, and the server's count stands", () => {
    const facts: Array<{ type: string }> = []
    const { actor } = loaded()
    actor.on("*", (fact) => void facts.push(fact))
    actor.send({ type: "notifications.markRead", id: 3 })
    actor.send({ type: "notifications.markUnread", id: 3 })
    expect(actor.getSnapshot().context.unread).toBe(2)
    expect(actor.getSnapshot().context.items.find((n) => n.id === 3)?.is_read).toBe(false)
    actor.send({ type: "notifications.archive", id: 3 })
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual([2])
    expect(actor.getSnapshot().context.unread).toBe(1)
    expect(actor.getSnapshot().context.queue.map((w) => w.kind)).toEqual(["one", "unread", "archive"])
    expect(facts.filter((f) => f.type === "notifications.changed")).toEqual([
      { type: "notifications.changed", id: 3, change: "read" },
      { type: "notifications.changed", id: 3, change: "unread" },
      { type: "notifications.changed", id: 3, change: "archived" },
    ])
    // A row the bell does not hold (deeper in the page's list) is still sent; its count comes from the server.
    actor.send({ type: "notifications.markRead", id: 99 })
    expect(actor.getSnapshot().context.queue.at(-1)).toEqual({ kind: "one", id: 99 })
  })

  it("a refused unread or archive is published, and the list and count are loaded again", () => {
    const facts: Array<{ type: string }> = []
    const { actor } = loaded()
    actor.on("*", (fact) => void facts.push(fact))
    actor.send({ type: "notifications.archive", id: 2 })
    sendSystemEvent(actor, { type: "xstate.error.actor.write", error: new Error("500") })
    expect(facts.some((f) => f.type === "notifications.writeFailed")).toBe(true)
    expect(actor.getSnapshot().matches({ active: { list: "loading" } })).toBe(true)
  })

  it("follows an unread or archive made in another tab", () => {
    const { actor } = loaded()
    actor.send({ type: "notifications.readElsewhere", id: 3 })
    actor.send({ type: "notifications.changedElsewhere", id: 3, change: "unread" })
    expect(actor.getSnapshot().context.items.find((n) => n.id === 3)?.is_read).toBe(false)
    actor.send({ type: "notifications.changedElsewhere", id: 2, change: "archived" })
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual([3])
  })
})
