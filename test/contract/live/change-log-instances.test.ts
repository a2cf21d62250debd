// The live change log across two instances on one PostgreSQL: one order for every instance, a page that
// resumes on another instance than the one it read from, and an instance whose listening connection was lost
// sending the gap from the log. Skipped when no PostgreSQL answers (TEST_POSTGRES_URL, or 127.0.0.1:5432).
import { afterAll, describe, expect, it } from "vitest"
import type { RecordChangedMessage } from "../../../src/schema/live/socket"
import { WorkRequestPage } from "../../../src/schema/marketplace/record-pages"
import { postgresAvailable } from "../harness"
import { decoded } from "../marketplace-fixture"
import { openSocket, type SocketOptions, type TestSocket } from "../notifications-socket-client"
import { adminQuery, type Instance, loginOn as login, pgInstances } from "../pg-instances"

const pgUp = await postgresAvailable()
const WORK = "/api/v1/work-requests/"

const waitFor = async (check: () => boolean, what: string, ms = 20_000) => {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe.skipIf(!pgUp)("the live change log across two instances on PostgreSQL", () => {
  const instances = pgInstances("backoffice_livelog")
  const sockets: TestSocket[] = []
  afterAll(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()))
  })

  const open = (on: Instance, token: string, options: SocketOptions = {}) => {
    const socket = openSocket(on.url, { token, origin: on.url, ...options })
    sockets.push(socket)
    return socket
  }
  const pending = async (on: Instance, token: string, size = 10) =>
    decoded(
      await fetch(`${on.url}${WORK}?status=pending&page_size=${size}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
      WorkRequestPage,
    )
  const approve = async (on: Instance, token: string, uuid: string) => {
    const response = await fetch(`${on.url}${WORK}${uuid}/approve/`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
  }
  const changes = (socket: TestSocket): RecordChangedMessage[] =>
    socket.received.filter((m): m is RecordChangedMessage => m.type === "record.changed")

  it("gives every instance one order: decisions through A and B reach sockets on both, alike and once", async () => {
    const [a, b] = instances.pair()
    const onA = await login(a, "coordinator@example.com", "coordinator-demo-1")
    const onB = await login(b, "admin@example.com", "admin-demo-1")
    const tabs = [open(a, onA), open(b, onB)]
    await Promise.all(tabs.map((t) => t.next("connection_established")))
    const rows = (await pending(a, onA, 6)).results
    expect(rows.length).toBe(6)
    // Concurrently, alternating instances: commits interleave however they may.
    await Promise.all(rows.map((row, i) => (i % 2 ? approve(a, onA, row.uuid) : approve(b, onB, row.uuid))))
    for (const tab of tabs)
      for (const row of rows)
        await tab.next("record.changed", (c) => c.uuid === row.uuid && c.change === "approved")
    await Promise.all(tabs.map((t) => t.settle()))
    const [onAOrder, onBOrder] = tabs.map((t) => changes(t).map((c) => [c.uuid, c.position]))
    expect(onAOrder).toEqual(onBOrder)
    const seen = changes(tabs[0] as TestSocket).map((c) => c.position ?? 0)
    expect(seen).toEqual([...new Set(seen)].sort((x, y) => x - y))
  })

  it("resumes on A from a list read through B: a change made through B meanwhile is replayed", async () => {
    const [a, b] = instances.pair()
    const viewerOnB = await login(b, "viewer@example.com", "viewer-demo-1")
    const viewerOnA = await login(a, "viewer@example.com", "viewer-demo-1")
    const adminOnB = await login(b, "admin@example.com", "admin-demo-1")
    const page = await pending(b, viewerOnB, 1)
    const uuid = page.results[0]?.uuid ?? ""
    await approve(b, adminOnB, uuid)
    const socket = open(a, viewerOnA, { since: String(page.live_position) })
    expect((await socket.next("connection_established")).reload).toBeUndefined()
    expect(await socket.next("record.changed", (c) => c.uuid === uuid)).toMatchObject({ status: "approved" })
  })

  it("sends from the log what was decided while its listening connection was lost, once", async () => {
    const [a, b] = instances.pair()
    const viewerOnB = await login(b, "viewer@example.com", "viewer-demo-1")
    const adminOnA = await login(a, "admin@example.com", "admin-demo-1")
    const socket = open(b, viewerOnB)
    await socket.next("connection_established")
    const relistens = () => b.logs.filter((l) => l.includes("live change listener reconnected")).length
    const before = relistens()
    const killed = await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      [instances.name],
    )
    expect(killed.rowCount).toBeGreaterThanOrEqual(2)
    // Decided while nobody listens: its NOTIFY is lost, its log entry is not.
    const uuid = (await pending(a, adminOnA, 1)).results[0]?.uuid ?? ""
    await approve(a, adminOnA, uuid)
    await waitFor(() => relistens() > before, "B listening again")
    await socket.next("record.changed", (c) => c.uuid === uuid, 15_000)
    await socket.settle()
    expect(changes(socket).filter((c) => c.uuid === uuid)).toHaveLength(1)
  })
})
