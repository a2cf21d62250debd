// Two instances on one PostgreSQL: a record decided through A reaches a socket held by B as record.changed.
// Skipped when no PostgreSQL answers (TEST_POSTGRES_URL, or 127.0.0.1:5432).
import { afterAll, describe, expect, it } from "vitest"
import { postgresAvailable } from "./harness"
import { openSocket, type TestSocket } from "./notifications-socket-client"
import { loginOn as login, pgInstances } from "./pg-instances"

const pgUp = await postgresAvailable()

describe.skipIf(!pgUp)("record.changed across two instances on PostgreSQL", () => {
  const instances = pgInstances("backoffice_live")
  const sockets: TestSocket[] = []
  afterAll(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()))
  })

  it("an approval made through A reaches a viewer's socket on B, once", async () => {
    const [a, b] = instances.pair()
    const coordinatorOnA = await login(a, "coordinator@example.com", "coordinator-demo-1")
    const viewerOnB = await login(b, "viewer@example.com", "viewer-demo-1")
    const socket = openSocket(b.url, { token: viewerOnB, origin: b.url })
    sockets.push(socket)
    await socket.next("connection_established")
    const auth = { authorization: `Bearer ${coordinatorOnA}` }
    const page = (await (
      await fetch(`${a.url}/api/v1/work-requests/?status=pending&page_size=1`, { headers: auth })
    ).json()) as {
      results: Array<{ uuid: string }>
    }
    const uuid = page.results[0]?.uuid ?? ""
    const approved = await fetch(`${a.url}/api/v1/work-requests/${uuid}/approve/`, {
      method: "POST",
      headers: auth,
    })
    expect(approved.status).toBe(200)
    const live = await socket.next("record.changed", (m) => m.uuid === uuid)
    expect(live).toMatchObject({
      kind: "work",
      change: "approved",
      status: "approved",
      actor: { full_name: "Corey Coordinator" },
      record: { uuid, status: "approved" },
    })
    await socket.settle()
    expect(socket.pending().filter((m) => m.type === "record.changed" && m.uuid === uuid)).toEqual([])
  })
})
