// The staff endpoints against the real server: only admins; invitations issued, resent and revoked; a
// category changed and an account deactivated (its sessions end, its claims go), each in the history; two
// admins at once (the second gets a 409 naming the first change); the last active admin kept.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { InvitationIssued, StaffList, StaffMember } from "../../../src/schema/accounts/staff"
import { ErrorBody } from "../../../src/schema/system/errors"
import { startServer, type TestServer } from "../harness"

const S = "/api/company/staff/"
const GOOD = "tangerine orbit lantern"

const detailOf = async (response: Response): Promise<string> =>
  Schema.decodeUnknownSync(ErrorBody)(await response.json()).detail

describe("staff", () => {
  let server: TestServer
  let admin: string
  beforeAll(async () => {
    server = await startServer()
    admin = (await server.login("admin@example.com", "admin-demo-1")).access
  })
  afterAll(() => server?.close())

  const list = async (query = "") =>
    Schema.decodeUnknownSync(StaffList)(await (await server.call(`${S}${query}`, { bearer: admin })).json())
      .results
  const member = async (email: string) => {
    const found = (await list()).find((m) => m.email === email)
    if (!found) throw new Error(`${email} not listed`)
    return found
  }
  const patch = (id: number, json: unknown, bearer = admin) =>
    server.call(`${S}${id}/`, { method: "PATCH", json, bearer })

  it("is for admins only: a coordinator and a read-only user get 403", async () => {
    for (const [email, password] of [
      ["coordinator@example.com", "coordinator-demo-1"],
      ["viewer@example.com", "viewer-demo-1"],
    ] as const) {
      const { access } = await server.login(email, password)
      expect((await server.call(S, { bearer: access })).status).toBe(403)
      const invite = await server.call(`${S}invitations/`, {
        bearer: access,
        json: { email: "x@firm.example", user_category: "admin" },
      })
      expect(invite.status).toBe(403)
    }
    expect((await server.call(S)).status).toBe(401)
  })

  it("lists every account with status and last sign-in, searched and filtered", async () => {
    const all = await list()
    expect(all.map((m) => m.email)).toEqual(
      expect.arrayContaining(["admin@example.com", "coordinator@example.com", "viewer@example.com"]),
    )
    const me = all.find((m) => m.email === "admin@example.com")
    expect(me).toMatchObject({ status: "active", user_category: "admin" })
    expect(me?.last_sign_in_at).not.toBeNull()
    expect((await list("?search=corey")).map((m) => m.email)).toEqual(["coordinator@example.com"])
    expect((await list("?category=support")).map((m) => m.email)).toEqual(["viewer@example.com"])
    expect((await server.call(`${S}?status=asleep`, { bearer: admin })).status).toBe(400)
  })

  it("invites (a link to copy), refuses a taken email, resends and revokes", async () => {
    const response = await server.call(`${S}invitations/`, {
      bearer: admin,
      json: { email: "Kim@Firm.example", user_category: "support" },
    })
    expect(response.status).toBe(201)
    const issued = Schema.decodeUnknownSync(InvitationIssued)(await response.json())
    expect(issued.member).toMatchObject({
      email: "kim@firm.example",
      status: "invited",
      user_category: "support",
    })
    expect(issued.invite_url).toMatch(new RegExp(`^${server.url}/invite/[A-Za-z0-9_-]{59}$`))
    expect(issued.mail).toBe("off")

    const taken = await server.call(`${S}invitations/`, {
      bearer: admin,
      json: { email: "kim@firm.example", user_category: "admin" },
    })
    expect(taken.status).toBe(409)
    expect(await detailOf(taken)).toBe("A user with this email already exists.")

    const resent = await server.call(`${S}${issued.member.id}/invitation/resend/`, {
      bearer: admin,
      json: { version: issued.member.version },
    })
    expect(resent.status).toBe(200)
    const again = Schema.decodeUnknownSync(InvitationIssued)(await resent.json())
    const first = issued.invite_url.split("/invite/")[1] ?? ""
    expect((await (await server.call(`/api/company/invitations/${first}/`)).json()).state).toBe("revoked")

    const revoked = await server.call(`${S}${issued.member.id}/invitation/revoke/`, {
      bearer: admin,
      json: { version: again.member.version },
    })
    expect(revoked.status).toBe(200)
    const second = again.invite_url.split("/invite/")[1] ?? ""
    expect((await (await server.call(`/api/company/invitations/${second}/`)).json()).state).toBe("revoked")
  })

  it("changes a category; a second admin's change on the old version gets a 409 naming the first", async () => {
    const viewer = await member("viewer@example.com")
    const first = await patch(viewer.id, { version: viewer.version, user_category: "website_coordinator" })
    expect(first.status).toBe(200)
    const changed = Schema.decodeUnknownSync(StaffMember)(await first.json())
    expect(changed.user_category).toBe("website_coordinator")
    const second = await patch(viewer.id, { version: viewer.version, status: "deactivated" })
    expect(second.status).toBe(409)
    expect(await detailOf(second)).toMatch(
      /^Changed meanwhile by Ada Admin \(Category support → website_coordinator,/,
    )
    const back = await patch(viewer.id, { version: changed.version, user_category: "support" })
    expect(back.status).toBe(200)
  })

  it("deactivation ends every session at once and releases claims; reactivation lets the person back", async () => {
    const coordinator = await server.login("coordinator@example.com", "coordinator-demo-1")
    const [request] = await server.database.db.selectFrom("service_request").select("id").limit(1).execute()
    await server.database.db
      .updateTable("service_request")
      .set({
        assignee_user_id: coordinator.user.id,
        assignee_name: "Corey Coordinator",
        assigned_at: new Date(),
      })
      .where("id", "=", request?.id ?? 0)
      .execute()
    const target = await member("coordinator@example.com")
    const response = await patch(target.id, { version: target.version, status: "deactivated" })
    expect(response.status).toBe(200)
    expect((await server.call("/api/company/user/", { bearer: coordinator.access })).status).toBe(401)
    const refresh = await server.call("/api/company/token/refresh/", {
      method: "POST",
      cookie: coordinator.cookie,
      origin: server.origin,
    })
    expect(refresh.status).toBe(401)
    const signIn = await server.call("/api/company/login/", {
      json: { email: "coordinator@example.com", password: "coordinator-demo-1" },
    })
    expect(signIn.status).toBe(403)
    const held = await server.database.db
      .selectFrom("service_request")
      .select("id")
      .where("assignee_user_id", "=", coordinator.user.id)
      .execute()
    expect(held).toEqual([])

    const deactivated = await member("coordinator@example.com")
    expect(deactivated.status).toBe("deactivated")
    expect((await patch(target.id, { version: deactivated.version, status: "active" })).status).toBe(200)
    await server.login("coordinator@example.com", "coordinator-demo-1")

    const history = await (await server.call(`${S}${target.id}/history/`, { bearer: admin })).json()
    expect(history.results.map((e: { kind: string }) => e.kind).slice(0, 2)).toEqual([
      "reactivated",
      "deactivated",
    ])
    expect(history.results[0].by).toBe("Ada Admin")
  })

  it("keeps the last active admin: neither demoted nor deactivated", async () => {
    const me = await member("admin@example.com")
    const demote = await patch(me.id, { version: me.version, user_category: "support" })
    expect(demote.status).toBe(409)
    expect(await detailOf(demote)).toBe("This is the last active admin: make another admin first.")
    const self = await patch(me.id, { version: me.version, status: "deactivated" })
    expect(self.status).toBe(409)
    expect((await patch(999_999, { version: 1, status: "active" })).status).toBe(404)
    expect((await patch(me.id, { version: me.version })).status).toBe(409)
    expect((await server.call(`${S}abc/history/`, { bearer: admin })).status).toBe(404)
  })

  it("an invited account accepted from the staff page's link signs in", async () => {
    const response = await server.call(`${S}invitations/`, {
      bearer: admin,
      json: { email: "lee@firm.example", user_category: "website_coordinator" },
    })
    const issued = Schema.decodeUnknownSync(InvitationIssued)(await response.json())
    const token = issued.invite_url.split("/invite/")[1] ?? ""
    const accept = await server.call(`/api/company/invitations/${token}/accept/`, {
      json: { full_name: "Lee", password: GOOD },
    })
    expect(accept.status).toBe(200)
    expect((await member("lee@firm.example")).status).toBe("active")
  })
})
