// The heartbeat frees sockets whose peer stopped answering pings, and leaves answering ones alone; a server
// shutting down closes its sockets with 1001. The heartbeat is shortened through WS_HEARTBEAT_MS.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SOCKET_CLOSE } from "../../src/schema/live/socket"
import { type Session, startServer, type TestServer } from "./harness"
import { openSocket } from "./notifications-socket-client"

const HEARTBEAT_MS = 100
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("notification socket heartbeat", () => {
  let server: TestServer
  let coordinator: Session
  const previous = process.env.WS_HEARTBEAT_MS

  beforeAll(async () => {
    process.env.WS_HEARTBEAT_MS = String(HEARTBEAT_MS)
    server = await startServer()
    coordinator = await server.login("coordinator@example.com", "coordinator-demo-1")
  })
  afterAll(async () => {
    if (previous === undefined) delete process.env.WS_HEARTBEAT_MS
    else process.env.WS_HEARTBEAT_MS = previous
    await server?.close()
  })

  it("terminates a client that does not answer pings and keeps one that does", async () => {
    const silent = openSocket(server.url, {
      token: coordinator.access,
      origin: server.origin,
      autoPong: false,
    })
    // Counted from the start: under load the first ping can come before the greeting is read.
    let pings = 0
    silent.ws.on("ping", () => {
      pings += 1
    })
    const healthy = openSocket(server.url, { token: coordinator.access, origin: server.origin })
    await Promise.all([silent.next("connection_established"), healthy.next("connection_established")])
    // Terminated, not closed: no close frame, so the client sees an abnormal closure.
    expect((await silent.closed).code).toBe(1006)
    expect(pings).toBeGreaterThanOrEqual(1)

    await sleep(HEARTBEAT_MS * 4)
    expect(healthy.ws.readyState).toBe(healthy.ws.OPEN)
    await healthy.settle()
    await healthy.close()
  })

  it("closes every socket with 1001 when the server shuts down", async () => {
    const socket = openSocket(server.url, { token: coordinator.access, origin: server.origin })
    await socket.next("connection_established")
    const closing = server.app.close()
    expect(await socket.closed).toEqual({
      code: SOCKET_CLOSE.goingAway.code,
      reason: SOCKET_CLOSE.goingAway.reason,
    })
    await closing
  })
})
