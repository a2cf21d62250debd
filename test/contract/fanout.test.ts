// Two server instances on one PostgreSQL behave as one: a notification created through A reaches a socket
// held by B, reads travel both ways, and an instance whose LISTEN connection was killed listens again and
// sends its sockets what the live change log holds from the gap. Skipped when no PostgreSQL answers at 127.0.0.1:5432.

import { sql } from "kysely"
import { afterEach, beforeAll, describe, expect, it } from "vitest"
import { notify } from "../../server/notifications/notify"
import { postgresAvailable } from "./harness"
import { openSocket, type TestSocket } from "./notifications-socket-client"
import { adminQuery, type Instance, loginOn as login, pgInstances } from "./pg-instances"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/notifications/"

const waitFor = async (check: () => boolean, what: string, ms = 10_000) => {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe.skipIf(!pgUp)("fan-out across two instances on PostgreSQL", () => {
  const instances = pgInstances("backoffice_fanout")
  let a: Instance
  let b: Instance
  const sockets: TestSocket[] = []

  const call = (on: Instance, path: string, access: string, json?: unknown) =>
    fetch(`${on.url}${path}`, {
      method: json === undefined ? "GET" : "POST",
      headers: {
        authorization: `Bearer ${access}`,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    })
  const connect = (on: Instance, access: string) => {
    const socket = openSocket(on.url, { token: access, origin: on.url })
    sockets.push(socket)
    return socket
  }

  beforeAll(() => {
    ;[a, b] = instances.pair()
  })
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()))
  })

  it("delivers a notification created through A to a socket held by B", async () => {
    const adminOnA = await login(a, "admin@example.com", "admin-demo-1")
    const viewerOnB = await login(b, "viewer@example.com", "viewer-demo-1")
    const socket = connect(b, viewerOnB)
    await socket.next("connection_established")
    const response = await call(a, BASE, adminOnA, {
      recipient_email: "viewer@example.com",
      title: "From A",
      message: "m",
    })
    expect(response.status).toBe(201)
    const { ids } = (await response.json()) as { ids: number[] }
    const live = await socket.next("notification")
    expect(live.notification).toMatchObject({ id: ids[0], title: "From A" })
    await socket.settle()
    expect(socket.pending().filter((m) => m.type === "notification")).toEqual([])
  })

  it("carries reads from A to B and from B's socket to A's socket", async () => {
    const onA = await login(a, "coordinator@example.com", "coordinator-demo-1")
    const onB = await login(b, "coordinator@example.com", "coordinator-demo-1")
    const tabOnA = connect(a, onA)
    const tabOnB = connect(b, onB)
    await Promise.all([tabOnA.next("connection_established"), tabOnB.next("connection_established")])
    const page = (await (await call(a, `${BASE}?is_read=false&page_size=2`, onA)).json()) as {
      results: Array<{ id: number }>
    }
    const [first, second] = page.results
    if (!first || !second) throw new Error("expected two unread notifications")

    await call(a, `${BASE}${first.id}/mark-read/`, onA, {})
    expect(await tabOnB.next("notification.read")).toEqual({
      type: "notification.read",
      notification_id: first.id,
      position: expect.any(Number),
    })
    const afterFirst = await tabOnB.next("unread_count")

    tabOnB.send({ type: "mark_notification_read", notification_id: second.id })
    expect(await tabOnA.next("notification.read", (m) => m.notification_id === second.id)).toBeTruthy()
    expect(
      await tabOnA.next("unread_count", (m) => m.unread_count === afterFirst.unread_count - 1),
    ).toBeTruthy()
  })

  it("B's list pages show what was written through A once B hears of it, well before a stored page ages out", async () => {
    const adminOnA = await login(a, "admin@example.com", "admin-demo-1")
    const viewerOnA = await login(a, "viewer@example.com", "viewer-demo-1")
    const viewerOnB = await login(b, "viewer@example.com", "viewer-demo-1")
    const unreadIdsOnB = async () => {
      const response = await call(b, `${BASE}?is_read=false&page_size=5`, viewerOnB)
      expect(response.status).toBe(200)
      return ((await response.json()) as { results: Array<{ id: number }> }).results.map((n) => n.id)
    }
    const before = await unreadIdsOnB()
    expect(await unreadIdsOnB()).toEqual(before) // the page B now holds in memory
    const sent = await call(a, BASE, adminOnA, {
      recipient_email: "viewer@example.com",
      title: "Via A",
      message: "m",
    })
    const [id] = ((await sent.json()) as { ids: number[] }).ids
    // Far inside the 10-second age limit: only B hearing A's NOTIFY can make these pass.
    const pollB = async (until: (ids: number[]) => boolean) => {
      let ids = await unreadIdsOnB()
      for (let i = 0; i < 60 && !until(ids); i++) {
        await new Promise((r) => setTimeout(r, 25))
        ids = await unreadIdsOnB()
      }
      return ids
    }
    expect((await pollB((ids) => ids[0] === id))[0]).toBe(id)
    expect((await call(a, `${BASE}${id}/mark-read/`, viewerOnA, {})).status).toBe(200)
    const seen = await pollB((ids) => !ids.includes(id ?? 0))
    expect(seen).not.toContain(id)
  })

  it("listens again after its LISTEN connection is killed and catches its sockets up", async () => {
    const adminOnA = await login(a, "admin@example.com", "admin-demo-1")
    const viewerOnB = await login(b, "viewer@example.com", "viewer-demo-1")
    const socket = connect(b, viewerOnB)
    const hello = await socket.next("connection_established")
    const logsBefore = b.logs.length

    const killed = await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      [instances.name],
    )
    expect(killed.rowCount).toBeGreaterThanOrEqual(2)
    // A row whose NOTIFY nobody hears (sent while every listener is down): only the change log can deliver it.
    const viewerId = hello.user_id
    const [missedId] = await notify(a.database.db, {
      to: { userIds: [viewerId] },
      title: "Sent while deaf",
      message: "m",
      notification_type: "system_alert",
      priority: "high",
    })

    const caughtUp = await socket.next("notification", (m) => m.notification.id === missedId, 15_000)
    expect(caughtUp.notification.title).toBe("Sent while deaf")
    const rest = (await (await call(b, `${BASE}unread-count/`, viewerOnB)).json()) as { unread_count: number }
    expect(caughtUp.unread_count).toBe(rest.unread_count)
    await waitFor(
      () => b.logs.slice(logsBefore).some((l) => l.includes("live change listener reconnected")),
      "log",
    )

    // Listening again: a live notification from A arrives once, as usual.
    const response = await call(a, BASE, adminOnA, {
      recipient_email: "viewer@example.com",
      title: "After",
      message: "m",
    })
    const { ids } = (await response.json()) as { ids: number[] }
    await socket.next("notification", (m) => m.notification.id === ids[0])
    await socket.settle()
    const ofMissed = socket.received.filter(
      (m) => m.type === "notification" && m.notification.id === missedId,
    )
    expect(ofMissed).toHaveLength(1)
  })
  it("drops B's stored pages when B's LISTEN connection is lost: a row nobody announced shows once B listens again", async () => {
    const viewerOnB = await login(b, "viewer@example.com", "viewer-demo-1")
    const newestOnB = async () => {
      const response = await call(b, `${BASE}?page_size=1`, viewerOnB)
      return ((await response.json()) as { results: Array<{ id: number }> }).results[0]?.id
    }
    const held = await newestOnB()
    expect(await newestOnB()).toBe(held)
    const viewerId = (await connect(b, viewerOnB).next("connection_established")).user_id
    const logsBefore = b.logs.length
    await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      [instances.name],
    )
    const silent = await sql<{ id: number }>`
      insert into notification (user_id, channel, notification_type, title, message, priority)
      values (${viewerId}, 'in_app', 'system_alert', 'Unannounced', 'm', 'low') returning id`.execute(
      a.database.db,
    )
    await waitFor(
      () => b.logs.slice(logsBefore).some((l) => l.includes("live change listener reconnected")),
      "B listening again",
      20_000,
    )
    // Well inside the page's 10-second age limit: only the dropped pages make B read the table again.
    expect(await newestOnB()).toBe(silent.rows[0]?.id)
  })

  it("survives repeated terminations: sockets on both instances catch up on rows and reads from each gap", async () => {
    const adminOnA = await login(a, "admin@example.com", "admin-demo-1")
    const viewerOnA = await login(a, "viewer@example.com", "viewer-demo-1")
    const viewerOnB = await login(b, "viewer@example.com", "viewer-demo-1")
    const tabs = [connect(a, viewerOnA), connect(b, viewerOnB)]
    const [hello] = await Promise.all(tabs.map((t) => t.next("connection_established")))
    const viewerId = hello?.user_id ?? 0
    const reconnects = () =>
      [a, b].map((i) => i.logs.filter((l) => l.includes("live change listener reconnected")).length)
    const terminate = async () => {
      const before = reconnects()
      const killed = await adminQuery(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
        [instances.name],
      )
      // Both instances' listeners, each on its own connection.
      expect(killed.rowCount).toBeGreaterThanOrEqual(2)
      return before
    }
    const silentRow = async (title: string) => {
      const [id] = await notify(a.database.db, {
        to: { userIds: [viewerId] },
        title,
        message: "m",
        notification_type: "system_alert",
        priority: "medium",
      })
      return id ?? 0
    }
    const unreadOnServer = async () =>
      ((await (await call(b, `${BASE}unread-count/`, viewerOnB)).json()) as { unread_count: number })
        .unread_count

    const missed: number[] = []
    for (const gap of [1, 2]) {
      const before = await terminate()
      missed.push(await silentRow(`Missed in gap ${gap}`))
      // A read made meanwhile, whose announcement may be lost too: the count each socket ends on must show it.
      const unreadPage = (await (await call(a, `${BASE}?is_read=false&page_size=1`, viewerOnA)).json()) as {
        results: Array<{ id: number }>
      }
      const oldest = unreadPage.results[0]
      if (oldest) expect((await call(a, `${BASE}${oldest.id}/mark-read/`, viewerOnA, {})).status).toBe(200)
      await waitFor(
        () => reconnects().every((n, i) => n > (before[i] ?? 0)),
        `relisten after gap ${gap}`,
        20_000,
      )
    }

    const expected = await unreadOnServer()
    for (const tab of tabs) {
      for (const id of missed) await tab.next("notification", (m) => m.notification.id === id, 15_000)
      await tab.next("unread_count", (m) => m.unread_count === expected, 15_000)
    }
    // Listening again on both: a live send through A reaches the socket on each instance, once.
    const response = await call(a, BASE, adminOnA, {
      recipient_email: "viewer@example.com",
      title: "After two gaps",
      message: "m",
    })
    const { ids } = (await response.json()) as { ids: number[] }
    for (const tab of tabs) {
      await tab.next("notification", (m) => m.notification.id === ids[0])
      await tab.settle()
      for (const id of [...missed, ids[0]])
        expect(
          tab.received.filter((m) => m.type === "notification" && m.notification.id === id),
        ).toHaveLength(1)
    }
  })
})
