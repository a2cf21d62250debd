// Answers the fuzz suites once got wrong, pinned so that they stay fixed whatever the random seed.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Session, startServer, type TestServer } from "./harness"
import { openSocket } from "./notifications-socket-client"

const BASE = "/api/v1/notifications/"

describe("fuzz regressions", () => {
  let server: TestServer
  let admin: Session
  beforeAll(async () => {
    server = await startServer()
    admin = await server.login("admin@example.com", "admin-demo-1")
  })
  afterAll(() => server?.close())

  it("treats a since_id beyond any notification id as nothing newer (was a 500: integer out of range)", async () => {
    for (const sinceId of [2 ** 31, 4359877549491435, Number.MAX_SAFE_INTEGER]) {
      const response = await server.call(`${BASE}?since_id=${sinceId}`, { bearer: admin.access })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ count: 0, results: [] })
    }
  })

  it("answers 404 {detail} to marking an id no notification can have (was a 500)", async () => {
    for (const id of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const response = await server.call(`${BASE}mark-read/`, {
        bearer: admin.access,
        json: { notification_id: id },
      })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ detail: "Notification not found." })
    }
  })

  it("answers a plain GET of the socket's address with 426 {detail} (was an empty 404)", async () => {
    for (const method of ["GET", "HEAD"]) {
      const response = await server.call("/ws/notifications/?token=x", { method })
      expect(response.status).toBe(426)
      expect(response.headers.get("upgrade")).toBe("websocket")
      if (method === "GET")
        expect(await response.json()).toEqual({ detail: "Open this address as a WebSocket." })
    }
  })

  it("answers the same on the socket, which keeps working (was a generic server error frame)", async () => {
    const socket = openSocket(server.url, { token: admin.access, origin: server.origin })
    try {
      await socket.next("connection_established")
      socket.send({ type: "mark_notification_read", notification_id: 2 ** 31 })
      expect(await socket.next("error")).toEqual({ type: "error", detail: "Notification not found." })
      await socket.settle()
    } finally {
      await socket.close()
    }
  })
})
