// What a staff change does beyond its answer: the admins' sockets hear it (nobody else's), a deactivated
// account's open socket closes as a sign-out closes it, the account concerned is notified of an admin's
// change, and an admin can issue a password-reset link. Every staff endpoint refuses a coordinator.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { InvitationIssued, ResetLinkIssued, StaffList } from "../../../src/schema/accounts/staff"
import { staffApi } from "../../../src/schema/api/staff"
import { SOCKET_CLOSE } from "../../../src/schema/live/socket"
import { NotificationPage } from "../../../src/schema/notifications/notifications"
import { ErrorBody } from "../../../src/schema/system/errors"
import { startServer, type TestServer } from "../harness"
import { openSocket, type TestSocket } from "../notifications-socket-client"

const S = "/api/company/staff/"
const COORDINATOR = ["coordinator@example.com", "coordinator-demo-1"] as const

describe("staff changes heard and felt", () => {
  let server: TestServer
  let admin: string
  const sockets: TestSocket[] = []
  beforeAll(async () => {
    server = await startServer()
    admin = (await server.login("admin@example.com", "admin-demo-1")).access
  })
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()))
    await server?.close()
  })
  const connect = async (token: string) => {
    const socket = openSocket(server.url, { token, origin: server.url })
    sockets.push(socket)
    await socket.next("connection_established")
    return socket
  }
  const member = async (email: string) => {
    const response = await server.call(S, { bearer: admin })
    const found = Schema.decodeUnknownSync(StaffList)(await response.json()).results.find(
      (m) => m.email === email,
    )
    if (!found) throw new Error(`${email} not listed`)
    return found
  }

  it("refuses a coordinator on every staff endpoint (403) and nobody signed in (401)", async () => {
    const { access } = await server.login(...COORDINATOR)
    const viewer = await member("viewer@example.com")
    for (const [name, spec] of Object.entries(staffApi.endpoints)) {
      const path = spec.path.replace(":id", String(viewer.id))
      const json = spec.method === "GET" ? undefined : { version: viewer.version, email: "x@firm.example" }
      const as = await server.call(path, { method: spec.method, bearer: access, json })
      expect([name, as.status]).toEqual([name, 403])
      const anonymous = await server.call(path, { method: spec.method, json })
      expect([name, anonymous.status]).toEqual([name, 401])
    }
  })

  it("tells the admins' sockets of a change, not a coordinator's; the account is notified", async () => {
    const adminSocket = await connect(admin)
    const viewerSession = await server.login("viewer@example.com", "viewer-demo-1")
    const coordinatorSocket = await connect((await server.login(...COORDINATOR)).access)
    const viewer = await member("viewer@example.com")
    const changed = await server.call(`${S}${viewer.id}/`, {
      method: "PATCH",
      bearer: admin,
      json: { version: viewer.version, user_category: "website_coordinator" },
    })
    expect(changed.status).toBe(200)
    expect(await adminSocket.next("staff.changed")).toMatchObject({ user_id: viewer.id })
    await coordinatorSocket.settle()
    expect(coordinatorSocket.pending().filter((m) => m.type === "staff.changed")).toEqual([])

    const inbox = await server.call("/api/v1/notifications/?type=account_update", {
      bearer: viewerSession.access,
    })
    const [notice] = Schema.decodeUnknownSync(NotificationPage)(await inbox.json()).results
    expect(notice).toMatchObject({
      notification_type: "account_update",
      action_url: "/user-settings",
      sender_name: "Ada Admin",
      message: "Ada Admin changed your category from support to website_coordinator.",
    })
  })

  it("closes a deactivated account's open socket within a second, as a sign-out does", async () => {
    const coordinator = await server.login(...COORDINATOR)
    const socket = await connect(coordinator.access)
    const target = await member(COORDINATOR[0])
    const started = performance.now()
    const response = await server.call(`${S}${target.id}/`, {
      method: "PATCH",
      bearer: admin,
      json: { version: target.version, status: "deactivated" },
    })
    expect(response.status).toBe(200)
    expect(await socket.closed).toEqual({
      code: SOCKET_CLOSE.sessionRevoked.code,
      reason: SOCKET_CLOSE.sessionRevoked.reason,
    })
    expect(performance.now() - started).toBeLessThan(1000)
    const late = openSocket(server.url, { token: coordinator.access, origin: server.url })
    sockets.push(late)
    expect((await late.closed).code).toBe(SOCKET_CLOSE.unauthorized.code)
    const again = await member(COORDINATOR[0])
    await server.call(`${S}${target.id}/`, {
      method: "PATCH",
      bearer: admin,
      json: { version: again.version, status: "active" },
    })
  })

  it("issues a password-reset link for an active account only, kept in its history", async () => {
    const viewer = await member("viewer@example.com")
    const before = server.clock.now()
    const response = await server.call(`${S}${viewer.id}/password-reset/`, { method: "POST", bearer: admin })
    expect(response.status).toBe(201)
    const issued = Schema.decodeUnknownSync(ResetLinkIssued)(await response.json())
    const token = issued.reset_url.split("/reset-password/")[1] ?? ""
    expect(token).toMatch(/^[A-Za-z0-9_-]{59}$/)
    const expiresIn = Date.parse(issued.expires_at) - before
    expect(expiresIn).toBeGreaterThanOrEqual(30 * 60 * 1000)
    expect(expiresIn).toBeLessThan(30 * 60 * 1000 + 5000)
    const stored = await server.database.db
      .selectFrom("account_link")
      .select(["verifier_hash", "selector"])
      .where("user_id", "=", viewer.id)
      .where("purpose", "=", "reset")
      .execute()
    expect(stored).toHaveLength(1)
    expect(token).not.toContain(stored[0]?.verifier_hash ?? "-")
    const history = await (await server.call(`${S}${viewer.id}/history/`, { bearer: admin })).json()
    expect(history.results[0]).toMatchObject({ kind: "reset_link_issued", by: "Ada Admin" })

    const invite = await server.call(`${S}invitations/`, {
      bearer: admin,
      json: { email: "new@firm.example", user_category: "support" },
    })
    const invited = await member("new@firm.example")
    expect(invite.status).toBe(201)
    const refused = await server.call(`${S}${invited.id}/password-reset/`, { method: "POST", bearer: admin })
    expect(refused.status).toBe(409)
    expect(Schema.decodeUnknownSync(ErrorBody)(await refused.json()).detail).toBe(
      "Only an active account can get a password-reset link.",
    )
    expect((await server.call(`${S}999999/password-reset/`, { method: "POST", bearer: admin })).status).toBe(
      404,
    )
  })

  it("a withdrawn invitation is not reactivated but invited again, with a new link that works", async () => {
    const email = "again@firm.example"
    await server.call(`${S}invitations/`, { bearer: admin, json: { email, user_category: "support" } })
    const invited = await member(email)
    const withdrawn = await server.call(`${S}${invited.id}/invitation/revoke/`, {
      method: "POST",
      bearer: admin,
      json: { version: invited.version },
    })
    expect(withdrawn.status).toBe(200)
    const gone = await member(email)
    expect(gone.status).toBe("deactivated")
    const reactivate = await server.call(`${S}${gone.id}/`, {
      method: "PATCH",
      bearer: admin,
      json: { version: gone.version, status: "active" },
    })
    expect(reactivate.status).toBe(409)
    expect(Schema.decodeUnknownSync(ErrorBody)(await reactivate.json()).detail).toMatch(
      /invite the email again/,
    )

    const again = await server.call(`${S}invitations/`, {
      bearer: admin,
      json: { email, user_category: "website_coordinator" },
    })
    expect(again.status).toBe(201)
    const issued = Schema.decodeUnknownSync(InvitationIssued)(await again.json())
    expect(issued.member).toMatchObject({
      id: gone.id,
      status: "invited",
      user_category: "website_coordinator",
    })
    const token = issued.invite_url.split("/invite/")[1] ?? ""
    const accept = await server.call(`/api/company/invitations/${token}/accept/`, {
      json: { full_name: "Al Again", password: "tangerine orbit lantern" },
    })
    expect(accept.status).toBe(200)
    // A person's account (it has a password) is never taken over by an invitation.
    const taken = await server.call(`${S}invitations/`, {
      bearer: admin,
      json: { email, user_category: "admin" },
    })
    expect(taken.status).toBe(409)
  })
})
