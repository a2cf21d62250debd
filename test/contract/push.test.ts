// Browser push on the server: a new notification reaches the recording sender for the recipient's devices
// only when their preferences allow push for its type; tokens the sender reports gone are deleted; logout
// removes the browser's registration; without a sender, push is off and the log says so once.
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RecordingSender, recordingSender } from "../../server/push/recording-sender"
import { PUSH_OFF_MESSAGE } from "../../server/push/select-sender"
import { AdminSendResponse, Preferences } from "../../src/schema/notifications/notifications"
import { BACKENDS, postgresAvailable, type Session, startServer, type TestServer } from "./harness"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/notifications/"

/** Waits for the listener-driven dispatch to get as far as the condition; fails the test if it never does. */
async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 1200; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error("the condition was never met")
}

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`push on ${backend}`, () => {
    let server: TestServer
    let sender: RecordingSender
    let admin: Session
    let coordinator: Session
    let viewer: Session

    const register = async (who: Session, token: string, deviceId = randomUUID()) => {
      const response = await server.call(`${BASE}device-tokens/register/`, {
        bearer: who.access,
        json: { fcm_token: token, device_type: "web", device_id: deviceId },
      })
      expect(response.status).toBe(200)
      return deviceId
    }
    const setPush = async (who: Session, type: "system" | "security", push: boolean) => {
      const current = Schema.decodeUnknownSync(Preferences)(
        await (await server.call(`${BASE}preferences/`, { bearer: who.access })).json(),
      )
      const types = { ...current.types, [type]: { in_app: true, push } }
      const response = await server.call(`${BASE}preferences/${current.id}/`, {
        method: "PUT",
        bearer: who.access,
        json: { ...current, types },
      })
      expect(response.status).toBe(200)
      const saved = Schema.decodeUnknownSync(Preferences)(await response.json())
      expect(saved.types[type]).toEqual({ in_app: true, push })
      const reread = Schema.decodeUnknownSync(Preferences)(
        await (await server.call(`${BASE}preferences/`, { bearer: who.access })).json(),
      )
      expect(reread).toEqual(saved)
    }
    const send = async (email: string, title: string, extra: Record<string, string> = {}) => {
      const response = await server.call(BASE, {
        bearer: admin.access,
        json: { recipient_email: email, title, message: `${title} body`, ...extra },
      })
      expect(response.status).toBe(201)
      return Schema.decodeUnknownSync(AdminSendResponse)(await response.json()).ids
    }
    const tokensOf = async (userId: number) =>
      (
        await server.database.db
          .selectFrom("device_token")
          .select("fcm_token")
          .where("user_id", "=", userId)
          .execute()
      ).map((r) => r.fcm_token)

    beforeAll(async () => {
      sender = recordingSender()
      server = await startServer({ backend, pushSender: sender })
      admin = await server.login("admin@example.com", "admin-demo-1")
      coordinator = await server.login("coordinator@example.com", "coordinator-demo-1")
      viewer = await server.login("viewer@example.com", "viewer-demo-1")
    })
    afterAll(() => server?.close())

    it("pushes a new notification to the recipient's devices only when their preferences allow it", async () => {
      await register(coordinator, "coordinator-token-1")
      await register(coordinator, "coordinator-token-2")
      await register(viewer, "viewer-token-1")
      await setPush(viewer, "system", false)
      await setPush(coordinator, "system", true)

      // Pushes run in order: once the coordinator's is recorded, the viewer's has been decided too.
      const [viewerId] = await send("viewer@example.com", "For the viewer")
      const [coordinatorId] = await send("coordinator@example.com", "For the coordinator", {
        action_url: "/dashboard",
      })
      await eventually(
        () => sender.sent,
        (sent) => sent.some((s) => s.payload.data.notification_id === String(coordinatorId)),
      )
      expect(sender.sent.map((s) => s.payload.data.notification_id)).not.toContain(String(viewerId))
      const pushed = sender.sent.find((s) => s.payload.data.notification_id === String(coordinatorId))
      expect(pushed?.tokens.slice().sort()).toEqual(["coordinator-token-1", "coordinator-token-2"])
      expect(pushed?.payload).toEqual({
        title: "For the coordinator",
        body: "For the coordinator body",
        data: { notification_id: String(coordinatorId), action_url: "/dashboard" },
      })

      // Switching push back on for the type lets the next one through.
      await setPush(viewer, "system", true)
      const [again] = await send("viewer@example.com", "For the viewer again")
      const second = await eventually(
        () => sender.sent.find((s) => s.payload.data.notification_id === String(again)),
        (found) => found !== undefined,
      )
      expect(second?.tokens).toEqual(["viewer-token-1"])
      expect(second?.payload.data).toEqual({ notification_id: String(again) })
    })

    it("pushes each notification once, and never one already read", async () => {
      const [id] = await send("coordinator@example.com", "Once only")
      await eventually(
        () => sender.sent.filter((s) => s.payload.data.notification_id === String(id)).length,
        (n) => n === 1,
      )
      // Another instance hearing the same NOTIFY finds the claim taken.
      const { pushNotification } = await import("../../server/push/dispatch")
      expect(await pushNotification(server.database.db, sender, id ?? 0, new Date())).toBe(
        "claimed-elsewhere",
      )
      expect(sender.sent.filter((s) => s.payload.data.notification_id === String(id))).toHaveLength(1)
    })

    it("deletes the tokens the push service reports as unregistered", async () => {
      const me = coordinator.user
      const before = await tokensOf(await userId(me.email))
      expect(before).toContain("coordinator-token-1")
      sender.forget("coordinator-token-1")
      const [id] = await send("coordinator@example.com", "Prunes a token")
      await eventually(
        () => sender.sent.find((s) => s.payload.data.notification_id === String(id)),
        (found) => found !== undefined,
      )
      const remaining = await eventually(
        async () => tokensOf(await userId(me.email)),
        (tokens) => !tokens.includes("coordinator-token-1"),
      )
      expect(remaining).toEqual(["coordinator-token-2"])
    })

    it("removes the browser's registration on logout, and only that browser's", async () => {
      const session = await server.login("coordinator@example.com", "coordinator-demo-1")
      const mine = await register(session, "logout-token")
      const other = await register(admin, "admin-token")
      const id = await userId("coordinator@example.com")
      expect(await tokensOf(id)).toContain("logout-token")

      // Another user's device id is not this session's to remove.
      const foreign = await server.call(`/api/company/logout/?device_id=${other}`, {
        method: "POST",
        cookie: (await server.login("coordinator@example.com", "coordinator-demo-1")).cookie,
      })
      expect(foreign.status).toBe(200)
      expect(await tokensOf(await userId("admin@example.com"))).toContain("admin-token")

      const response = await server.call(`/api/company/logout/?device_id=${mine}`, {
        method: "POST",
        cookie: session.cookie,
      })
      expect(response.status).toBe(200)
      expect(await tokensOf(id)).not.toContain("logout-token")

      // A malformed device id is ignored: logout still succeeds.
      const odd = await server.call("/api/company/logout/?device_id=not-a-uuid", {
        method: "POST",
        cookie: (await server.login("coordinator@example.com", "coordinator-demo-1")).cookie,
      })
      expect(odd.status).toBe(200)
    })

    async function userId(email: string): Promise<number> {
      const row = await server.database.db
        .selectFrom("app_user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
      return row.id
    }
  })
}

describe("push without a sender", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server?.close())

  it("is off, says so once in the log, and the rest of the notification API works", async () => {
    const admin = await server.login("admin@example.com", "admin-demo-1")
    const response = await server.call(BASE, {
      bearer: admin.access,
      json: { recipient_email: "coordinator@example.com", title: "No push", message: "Still delivered" },
    })
    expect(response.status).toBe(201)
    expect(server.logs().split(PUSH_OFF_MESSAGE).length - 1).toBe(1)
  })
})
