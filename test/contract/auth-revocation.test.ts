// Signing out ends the session's access tokens too, not only its refresh token: on this instance at once and
// on every other instance within a second, and the session's open sockets close with 4410 'session signed
// out'. Other sessions of the same user are untouched. A reused refresh token ends its session the same way.
import { Schema } from "effect"
import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { REFRESH_GRACE_MS } from "../../server/auth/constants"
import { type DatabaseHandle, openDatabase } from "../../server/db/database"
import { buildApp } from "../../server/http/app"
import { LoginResponse } from "../../src/schema/auth/auth"
import { SOCKET_CLOSE } from "../../src/schema/live/socket"
import {
  cookieFrom,
  manualClock,
  openTestDatabase,
  postgresAvailable,
  startServer,
  type TestServer,
  testConfig,
} from "./harness"
import { openSocket, type TestSocket } from "./notifications-socket-client"

const pgUp = await postgresAvailable()
const ME = "/api/company/user/"
const LOGOUT = "/api/company/logout/"
const REFRESH = "/api/company/token/refresh/"
const COORDINATOR = { email: "coordinator@example.com", password: "coordinator-demo-1" }
const SIGNED_OUT = { code: SOCKET_CLOSE.sessionRevoked.code, reason: "session signed out" }

const sockets: TestSocket[] = []
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()))
})
const connect = async (url: string, token: string) => {
  const socket = openSocket(url, { token, origin: url })
  sockets.push(socket)
  await socket.next("connection_established")
  return socket
}

describe("sign-out on one instance (pglite)", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server?.close())

  const me = (access: string) => server.call(ME, { bearer: access }).then((r) => r.status)

  it("refuses the session's access token at once and closes its socket, other sessions untouched", async () => {
    const tab = await server.login(COORDINATOR.email, COORDINATOR.password)
    const otherBrowser = await server.login(COORDINATOR.email, COORDINATOR.password)
    expect(await me(tab.access)).toBe(200)
    const socket = await connect(server.url, tab.access)
    const otherSocket = await connect(server.url, otherBrowser.access)

    const out = await server.call(LOGOUT, { method: "POST", cookie: tab.cookie })
    expect(out.status).toBe(200)
    expect(await me(tab.access)).toBe(401)
    expect(await socket.closed).toEqual(SIGNED_OUT)
    expect((await server.call(REFRESH, { method: "POST", cookie: tab.cookie })).status).toBe(401)
    // A socket opened afterwards with that token is refused like any invalid token.
    const late = openSocket(server.url, { token: tab.access, origin: server.url })
    sockets.push(late)
    expect((await late.closed).code).toBe(SOCKET_CLOSE.unauthorized.code)

    expect(await me(otherBrowser.access)).toBe(200)
    otherSocket.send({ type: "ping", timestamp: 1 })
    expect(await otherSocket.next("pong")).toEqual({ type: "pong", timestamp: 1 })
  })

  it("keeps refusing until the token would have expired anyway", async () => {
    const tab = await server.login(COORDINATOR.email, COORDINATOR.password)
    await server.call(LOGOUT, { method: "POST", cookie: tab.cookie })
    server.clock.advance((server.config.accessTokenTtlSeconds - 1) * 1000)
    expect(await me(tab.access)).toBe(401)
    server.clock.advance(2000)
    expect(await me(tab.access)).toBe(401)
  })

  it("ends the session's access tokens when a rotated refresh token is reused", async () => {
    const first = await server.login(COORDINATOR.email, COORDINATOR.password)
    const rotated = await server.call(REFRESH, { method: "POST", cookie: first.cookie })
    expect(rotated.status).toBe(200)
    const { access } = (await rotated.json()) as { access: string }
    const socket = await connect(server.url, access)
    expect(cookieFrom(rotated)).not.toBe(first.cookie)
    server.clock.advance(REFRESH_GRACE_MS + 1000)
    // The old cookie again, after its grace: it leaked.
    expect((await server.call(REFRESH, { method: "POST", cookie: first.cookie })).status).toBe(401)
    expect(await me(first.access)).toBe(401)
    expect(await me(access)).toBe(401)
    expect(await socket.closed).toEqual(SIGNED_OUT)
  })

  it("ignores a logout without a cookie or with an unknown one", async () => {
    const tab = await server.login(COORDINATOR.email, COORDINATOR.password)
    expect((await server.call(LOGOUT, { method: "POST" })).status).toBe(200)
    expect((await server.call(LOGOUT, { method: "POST", cookie: "refresh_token=unknown" })).status).toBe(200)
    expect(await me(tab.access)).toBe(200)
  })
})

interface Instance {
  readonly app: FastifyInstance
  readonly url: string
  readonly database: DatabaseHandle
}

describe.skipIf(!pgUp)("sign-out heard by another instance (PostgreSQL)", () => {
  let url = ""
  let drop: () => Promise<void> = async () => undefined
  const instances: Instance[] = []
  const start = async (): Promise<Instance> => {
    const database = await openDatabase({ kind: "postgres", url })
    const app = await buildApp({ config: testConfig(), database, clock: manualClock(), logger: false })
    await app.listen({ port: 0, host: "127.0.0.1" })
    const address = app.server.address()
    const port = typeof address === "object" && address ? address.port : 0
    const instance = { app, url: `http://127.0.0.1:${port}`, database }
    instances.push(instance)
    return instance
  }

  beforeAll(async () => {
    const made = await openTestDatabase("postgres")
    await made.database.close()
    url = made.url ?? ""
    drop = made.drop
  })
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close()
      await database.close()
    }
    await drop()
  })

  it("refuses on B within a second a token that B had already accepted, and closes B's socket of it", async () => {
    const a = await start()
    const b = await start()
    const response = await fetch(`${a.url}/api/company/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(COORDINATOR),
    })
    const { access } = Schema.decodeUnknownSync(LoginResponse)(await response.json())
    const cookie = cookieFrom(response) ?? ""
    const onB = () =>
      fetch(`${b.url}${ME}`, { headers: { authorization: `Bearer ${access}` } }).then((r) => r.status)
    expect(await onB()).toBe(200)
    const socketOnB = await connect(b.url, access)

    const out = await fetch(`${a.url}${LOGOUT}`, { method: "POST", headers: { cookie } })
    expect(out.status).toBe(200)
    await expect.poll(onB, { timeout: 1000, interval: 20 }).toBe(401)
    expect(await socketOnB.closed).toEqual(SIGNED_OUT)
  })

  it("refuses on an instance started after the sign-out, from the table", async () => {
    const a = instances[0] ?? (await start())
    const response = await fetch(`${a.url}/api/company/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(COORDINATOR),
    })
    const { access } = Schema.decodeUnknownSync(LoginResponse)(await response.json())
    await fetch(`${a.url}${LOGOUT}`, { method: "POST", headers: { cookie: cookieFrom(response) ?? "" } })
    const c = await start()
    const status = await fetch(`${c.url}${ME}`, { headers: { authorization: `Bearer ${access}` } })
    expect(status.status).toBe(401)
  })
})
