// POST /api/v1/notifications/: admins send to one email or a whole category; everybody else gets 403;
// action_url must be a path of this app.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AdminSendResponse, NotificationPage } from "../../src/schema/notifications/notifications"
import { ErrorBody } from "../../src/schema/system/errors"
import { BACKENDS, postgresAvailable, type Session, startServer, type TestServer } from "./harness"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/notifications/"

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`admin send on ${backend}`, () => {
    let server: TestServer
    let admin: Session
    let coordinator: Session
    let viewer: Session

    const send = (json: unknown, who: Session = admin) => server.call(BASE, { json, bearer: who.access })
    const newest = async (who: Session) => {
      const response = await server.call(`${BASE}?page_size=1`, { bearer: who.access })
      return Schema.decodeUnknownSync(NotificationPage)(await response.json()).results[0]
    }
    const detailOf = async (response: Response) =>
      Schema.decodeUnknownSync(ErrorBody)(await response.json()).detail

    beforeAll(async () => {
      server = await startServer({ backend })
      admin = await server.login("admin@example.com", "admin-demo-1")
      coordinator = await server.login("coordinator@example.com", "coordinator-demo-1")
      viewer = await server.login("viewer@example.com", "viewer-demo-1")
    })
    afterAll(() => server?.close())

    it("sends to one user by email, signed with the admin's name", async () => {
      const response = await send({
        recipient_email: "Viewer@Example.com",
        title: "Quarterly review",
        message: "Please review the Q3 provider ratings.",
        notification_type: "reminder",
        priority: "high",
        action_url: "/website-coordinator/pending-requests?page=2",
      })
      expect(response.status).toBe(201)
      const body = Schema.decodeUnknownSync(AdminSendResponse)(await response.json())
      expect(body.created).toBe(1)
      const item = await newest(viewer)
      expect(item).toMatchObject({
        id: body.ids[0],
        title: "Quarterly review",
        message: "Please review the Q3 provider ratings.",
        notification_type: "reminder",
        priority: "high",
        is_read: false,
        sender_name: "Ada Admin",
        action_url: "/website-coordinator/pending-requests?page=2",
      })
      expect(Date.now() - Date.parse(item?.created_at ?? "")).toBeLessThan(60_000)
    })

    it("defaults to a medium system notification without an action", async () => {
      const body = Schema.decodeUnknownSync(AdminSendResponse)(
        await (await send({ recipient_email: "viewer@example.com", title: "Plain", message: "Text" })).json(),
      )
      expect(await newest(viewer)).toMatchObject({
        id: body.ids[0],
        notification_type: "system",
        priority: "medium",
        action_url: null,
      })
    })

    it("sends to every user of a category", async () => {
      const coordinators = await server.database.db
        .selectFrom("app_user")
        .select("id")
        .where("user_category", "=", "website_coordinator")
        .execute()
      const response = await send({
        recipient_category: "website_coordinator",
        title: "Team note",
        message: "Stand-up at 10",
      })
      expect(response.status).toBe(201)
      const body = Schema.decodeUnknownSync(AdminSendResponse)(await response.json())
      expect(body.created).toBe(coordinators.length)
      expect((await newest(coordinator))?.title).toBe("Team note")
      expect((await newest(viewer))?.title).not.toBe("Team note")
    })

    it("refuses non-admins with 403 and anonymous callers with 401", async () => {
      const json = { recipient_email: "viewer@example.com", title: "x", message: "y" }
      const forbidden = await send(json, coordinator)
      expect(forbidden.status).toBe(403)
      expect(await detailOf(forbidden)).toBeTruthy()
      expect((await send(json, viewer)).status).toBe(403)
      expect((await server.call(BASE, { json })).status).toBe(401)
    })

    it("refuses an action_url that is not a path of this app", async () => {
      for (const action_url of [
        "https://evil.example/",
        "//evil.example/x",
        "/\\evil.example",
        "javascript:alert(1)",
        "dashboard",
        "/%2F%2Fevil.example",
        "/ space",
        "",
      ]) {
        const response = await send({
          recipient_email: "viewer@example.com",
          title: "t",
          message: "m",
          action_url,
        })
        expect(response.status, action_url).toBe(400)
        expect(await detailOf(response), action_url).toContain("action_url")
      }
    })

    it("answers 400 for bad recipients and bodies", async () => {
      const cases: Array<[unknown, string]> = [
        [{ title: "t", message: "m" }, "recipient"],
        [
          { recipient_email: "viewer@example.com", recipient_category: "admin", title: "t", message: "m" },
          "recipient",
        ],
        [{ recipient_email: "nobody@example.com", title: "t", message: "m" }, "recipient_email"],
        [{ recipient_category: "astronaut", title: "t", message: "m" }, "recipient_category"],
        [{ recipient_email: "viewer@example.com", title: "  ", message: "m" }, "title"],
        [
          { recipient_email: "viewer@example.com", title: "t", message: "m", notification_type: "promo" },
          "notification_type",
        ],
        [
          { recipient_email: "viewer@example.com", title: "t", message: "m", priority: "critical" },
          "priority",
        ],
        [{ recipient_email: "viewer@example.com", title: "x".repeat(201), message: "m" }, "title"],
        [
          { recipient_email: "viewer@example.com", title: "t", message: "m", sender_name: "Mallory" },
          "sender_name",
        ],
      ]
      for (const [json, field] of cases) {
        const response = await send(json)
        expect(response.status, JSON.stringify(json)).toBe(400)
        expect(await detailOf(response), JSON.stringify(json)).toContain(field)
      }
    })
  })
}
