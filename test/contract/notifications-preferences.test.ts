// Preferences (GET creates the default row, PUT replaces it, update_push_token) and device tokens
// (register upserts by device_id, unregister removes the caller's own).
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DeviceToken, NOTIFICATION_TYPES, Preferences } from "../../src/schema/notifications/notifications"
import { ErrorBody } from "../../src/schema/system/errors"
import { BACKENDS, postgresAvailable, type Session, startServer, type TestServer } from "./harness"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/notifications/"
const PREFS = `${BASE}preferences/`

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`notification preferences on ${backend}`, () => {
    let server: TestServer
    let coordinator: Session
    let admin: Session
    let viewer: Session

    const readPrefs = async (who: Session) => {
      const response = await server.call(PREFS, { bearer: who.access })
      expect(response.status).toBe(200)
      return Schema.decodeUnknownSync(Preferences)(await response.json())
    }
    const detailOf = async (response: Response) =>
      Schema.decodeUnknownSync(ErrorBody)(await response.json()).detail

    beforeAll(async () => {
      server = await startServer({ backend })
      coordinator = await server.login("coordinator@example.com", "coordinator-demo-1")
      admin = await server.login("admin@example.com", "admin-demo-1")
      viewer = await server.login("viewer@example.com", "viewer-demo-1")
    })
    afterAll(() => server?.close())

    it("creates every switch on at the first read, and returns the same row afterwards", async () => {
      const first = await readPrefs(coordinator)
      expect(Object.keys(first.types).sort()).toEqual([...NOTIFICATION_TYPES].sort())
      for (const type of NOTIFICATION_TYPES) expect(first.types[type]).toEqual({ in_app: true, push: true })
      expect(first.push_token).toBeNull()
      expect((await readPrefs(coordinator)).id).toBe(first.id)
      expect((await readPrefs(admin)).id).not.toBe(first.id)
    })

    it("replaces the switches with PUT and reads them back", async () => {
      const prefs = await readPrefs(coordinator)
      const types = {
        ...prefs.types,
        security: { in_app: true, push: false },
        reminder: { in_app: false, push: false },
      }
      const response = await server.call(`${PREFS}${prefs.id}/`, {
        method: "PUT",
        json: { ...prefs, types },
        bearer: coordinator.access,
      })
      expect(response.status).toBe(200)
      expect(Schema.decodeUnknownSync(Preferences)(await response.json()).types).toEqual(types)
      expect((await readPrefs(coordinator)).types).toEqual(types)
    })

    it("answers 404 for a preferences id that is not the caller's", async () => {
      const theirs = await readPrefs(admin)
      const mine = await readPrefs(coordinator)
      for (const id of [String(theirs.id), "999999", "abc"]) {
        const response = await server.call(`${PREFS}${id}/`, {
          method: "PUT",
          json: { types: mine.types },
          bearer: coordinator.access,
        })
        expect(response.status, id).toBe(404)
      }
      expect((await readPrefs(admin)).types).toEqual(theirs.types)
    })

    it("validates the PUT body with 400", async () => {
      const prefs = await readPrefs(coordinator)
      const { welcome: _dropped, ...missingOne } = prefs.types
      const bodies: unknown[] = [
        {},
        { types: missingOne },
        { types: { ...prefs.types, welcome: { in_app: "yes", push: true } } },
        { types: { ...prefs.types, welcome: { in_app: true } } },
        { types: { ...prefs.types, newsletter: { in_app: true, push: true } } },
        { id: prefs.id + 1, types: prefs.types },
        [],
      ]
      for (const json of bodies) {
        const response = await server.call(`${PREFS}${prefs.id}/`, {
          method: "PUT",
          json,
          bearer: coordinator.access,
        })
        expect(response.status, JSON.stringify(json)).toBe(400)
        expect(await detailOf(response)).toBeTruthy()
      }
      expect((await readPrefs(coordinator)).types).toEqual(prefs.types)
    })

    it("stores the push token with update_push_token", async () => {
      const response = await server.call(`${PREFS}update_push_token/`, {
        json: { push_token: "fcm-token-abc:123" },
        bearer: viewer.access,
      })
      expect(response.status).toBe(200)
      expect(Schema.decodeUnknownSync(Preferences)(await response.json()).push_token).toBe(
        "fcm-token-abc:123",
      )
      expect((await readPrefs(viewer)).push_token).toBe("fcm-token-abc:123")
      for (const json of [{}, { push_token: "" }, { push_token: 5 }, { push_token: "has space" }]) {
        const bad = await server.call(`${PREFS}update_push_token/`, { json, bearer: viewer.access })
        expect(bad.status, JSON.stringify(json)).toBe(400)
      }
      expect((await readPrefs(viewer)).push_token).toBe("fcm-token-abc:123")
    })

    it("a type switched off in the app is not delivered to the bell", async () => {
      const prefs = await readPrefs(viewer)
      await server.call(`${PREFS}${prefs.id}/`, {
        method: "PUT",
        json: { types: { ...prefs.types, welcome: { in_app: false, push: true } } },
        bearer: viewer.access,
      })
      const send = (notification_type: string) =>
        server.call(BASE, {
          json: { recipient_email: "viewer@example.com", title: "Hello", message: "Hi", notification_type },
          bearer: admin.access,
        })
      expect(await (await send("welcome")).json()).toEqual({ created: 0, ids: [] })
      expect(((await (await send("reminder")).json()) as { created: number }).created).toBe(1)
    })

    it("registers a device token and updates it by device_id instead of adding a row", async () => {
      const device_id = randomUUID()
      const register = (who: Session, fcm_token: string) =>
        server.call(`${BASE}device-tokens/register/`, {
          json: { fcm_token, device_type: "web", device_id },
          bearer: who.access,
        })
      const first = await register(coordinator, "token-one")
      expect(first.status).toBe(200)
      const created = Schema.decodeUnknownSync(DeviceToken)(await first.json())
      expect(created).toMatchObject({ device_id, device_type: "web", created: true })

      const second = Schema.decodeUnknownSync(DeviceToken)(
        await (await register(coordinator, "token-two")).json(),
      )
      expect(second).toEqual({ ...created, created: false })

      // Another user signing in on the same browser takes the registration over.
      await register(admin, "token-three")
      const rows = await server.database.db
        .selectFrom("device_token")
        .select(["user_id", "fcm_token"])
        .where("device_id", "=", device_id)
        .execute()
      expect(rows).toEqual([{ user_id: admin.user.id, fcm_token: "token-three" }])
    })

    it("validates device registrations with 400", async () => {
      const good = { fcm_token: "t", device_type: "web", device_id: randomUUID() }
      for (const json of [
        {},
        { ...good, device_type: "ios" },
        { ...good, device_id: "not-a-uuid" },
        { ...good, fcm_token: "" },
        { ...good, extra: 1 },
      ]) {
        const response = await server.call(`${BASE}device-tokens/register/`, {
          json,
          bearer: coordinator.access,
        })
        expect(response.status, JSON.stringify(json)).toBe(400)
      }
    })

    it("unregisters only the caller's own device", async () => {
      const device_id = randomUUID()
      await server.call(`${BASE}device-tokens/register/`, {
        json: { fcm_token: "to-remove", device_type: "web", device_id },
        bearer: coordinator.access,
      })
      const unregister = (who: Session) =>
        server.call(`${BASE}device-tokens/unregister/`, { json: { device_id }, bearer: who.access })
      expect(await (await unregister(viewer)).json()).toEqual({ removed: false })
      expect(await (await unregister(coordinator)).json()).toEqual({ removed: true })
      expect(await (await unregister(coordinator)).json()).toEqual({ removed: false })
      const bad = await server.call(`${BASE}device-tokens/unregister/`, {
        json: { device_id: 1 },
        bearer: coordinator.access,
      })
      expect(bad.status).toBe(400)
    })
  })
}
