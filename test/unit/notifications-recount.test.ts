import { describe, expect, it } from "vitest"
import { createActor, fromCallback, fromPromise, waitFor } from "xstate"
import type { NotificationFilters } from "../../src/machines/notifications/notification-list"
import { notificationsMachine } from "../../src/machines/notifications/notifications.machine"
import type { CatchUp, CatchUpInput, FirstPage } from "../../src/machines/notifications/notifications-context"
import type { Notification } from "../../src/schema/notifications/notifications"
import { pending } from "../model/walk"

// When the bell reads its unread count again (docs/behaviour.md#catch-up): the real notifications machine, each
// call answered when the test says. A reload used to read the count twice, with the first page and again in the
// first connection's catch-up; an outage must still recount.

const item = (id: number): Notification => ({
  id,
  notification_type: "system",
  title: `Item ${id}`,
  message: "m",
  priority: "medium",
  is_read: false,
  sender_name: null,
  created_at: "2026-01-01T00:00:00.000Z",
  action_url: null,
  channel: "in_app",
})
const firstPage = (ids: number[], unread: number): FirstPage => ({
  page: { count: ids.length, next: null, previous: null, results: ids.map(item) },
  unread,
})

interface Call<I, T> {
  readonly input: I
  readonly answer: (value: T) => void
}

function bell() {
  const pages: Array<Call<{ filters: NotificationFilters }, FirstPage>> = []
  const catchUps: Array<Call<CatchUpInput, CatchUp>> = []
  const held =
    <I, T>(calls: Array<Call<I, T>>) =>
    ({ input }: { input: I }) =>
      new Promise<T>((answer) => calls.push({ input, answer }))
  const machine = notificationsMachine.provide({
    actors: {
      loadFirst: fromPromise(held(pages)),
      catchUp: fromPromise(held(catchUps)),
      loadMore: pending(),
      write: pending(),
      loadDetail: pending(),
      clock: fromCallback(() => () => {}),
    },
    actions: { showToasts: () => {} },
  })
  const actor = createActor(machine).start()
  actor.send({ type: "notifications.start" })
  const settled = () => waitFor(actor, (s) => s.matches({ active: { list: "ready", sync: "idle" } }))
  return { actor, pages, catchUps, settled }
}

describe("the bell's count after the socket connects", () => {
  it("the first connection's catch-up asks for the items only: the first page's count, then the connection's, stand", async () => {
    const { actor, pages, catchUps, settled } = bell()
    pages[0]?.answer(firstPage([3, 2], 2))
    await settled()
    actor.send({ type: "notifications.connected", latestId: 4, unread: 3 })
    expect(catchUps.map((c) => c.input)).toEqual([{ sinceId: 3, recount: false }])
    catchUps[0]?.answer({ items: [item(4)], unread: null })
    await settled()
    expect(actor.getSnapshot().context.unread).toBe(3)
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual([4, 3, 2])
  })

  it("after an outage the catch-up reads the count again, and takes it", async () => {
    const { actor, pages, catchUps, settled } = bell()
    pages[0]?.answer(firstPage([3, 2], 2))
    await settled()
    actor.send({ type: "notifications.connected", latestId: 3, unread: 2 })
    catchUps[0]?.answer({ items: [], unread: null })
    await settled()
    // The socket was lost, then came back: reads and new notifications of the gap were not sent to it.
    actor.send({ type: "notifications.connected", latestId: 5, unread: 4 })
    expect(catchUps.map((c) => c.input)).toEqual([
      { sinceId: 3, recount: false },
      { sinceId: 3, recount: true },
    ])
    catchUps[1]?.answer({ items: [item(5), item(4)], unread: 1 })
    await settled()
    expect(actor.getSnapshot().context.unread).toBe(1)
  })

  it("a connection made while the first page loads keeps its count over the page's, and does not recount", async () => {
    const { actor, pages, catchUps, settled } = bell()
    actor.send({ type: "notifications.connected", latestId: 3, unread: 4 })
    pages[0]?.answer(firstPage([3, 2], 2))
    await waitFor(actor, (s) => s.matches({ active: { sync: "catchingUp" } }))
    expect(actor.getSnapshot().context.unread).toBe(4)
    expect(catchUps.map((c) => c.input)).toEqual([{ sinceId: 3, recount: false }])
    catchUps[0]?.answer({ items: [], unread: null })
    await settled()
    expect(actor.getSnapshot().context.unread).toBe(4)
  })
})
