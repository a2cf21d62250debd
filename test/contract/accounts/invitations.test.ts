// Invitation links against the real server: opened, accepted once (the person is signed in), and refused with
// a sentence when unknown, expired, revoked or used; the password rules name the rule a password breaks.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { INVITATION_TTL_MS } from "../../../server/accounts/constants"
import { inviteAccount } from "../../../server/accounts/create-account"
import { revokeOpenLinks } from "../../../server/accounts/links"
import { InvitationInfo } from "../../../src/schema/accounts/invitation"
import { PASSWORD_RULES } from "../../../src/schema/accounts/password-rules"
import { LoginResponse } from "../../../src/schema/auth/auth"
import { ErrorBody } from "../../../src/schema/system/errors"
import { BACKENDS, cookieFrom, postgresAvailable, startServer, type TestServer } from "../harness"

const pgUp = await postgresAvailable()
const GOOD = "tangerine orbit lantern"

const detailOf = async (response: Response): Promise<string> =>
  Schema.decodeUnknownSync(ErrorBody)(await response.json()).detail

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`invitations on ${backend}`, () => {
    let server: TestServer
    let n = 0
    beforeAll(async () => {
      server = await startServer({ backend })
    })
    afterAll(() => server?.close())

    const invite = async (category = "website_coordinator") => {
      n += 1
      const email = `new.person${n}@firm.example`
      const { link } = await inviteAccount(server.database.db, {
        email,
        fullName: "",
        category,
        actorId: null,
        now: new Date(server.clock.now()),
      })
      return { email, token: link.token }
    }
    const info = async (token: string) =>
      Schema.decodeUnknownSync(InvitationInfo)(
        await (await server.call(`/api/company/invitations/${token}/`)).json(),
      )
    const accept = (token: string, body: unknown) =>
      server.call(`/api/company/invitations/${token}/accept/`, { json: body })

    it("opens, accepts once and signs the person in; the stored link holds no secret", async () => {
      const { email, token } = await invite()
      expect(await info(token)).toEqual({ state: "open", email })
      const stored = await server.database.db.selectFrom("account_link").selectAll().execute()
      for (const row of stored) {
        expect(token).not.toContain(row.verifier_hash)
        expect(row.verifier_hash).toMatch(/^[0-9a-f]{64}$/)
      }
      // An invited account cannot sign in before it has a password.
      const early = await server.call("/api/company/login/", { json: { email, password: GOOD } })
      expect(early.status).toBe(401)

      const response = await accept(token, { full_name: " Nia New ", password: GOOD })
      expect(response.status).toBe(200)
      const body = Schema.decodeUnknownSync(LoginResponse)(await response.json())
      expect(body.user).toMatchObject({ email, full_name: "Nia New", user_category: "website_coordinator" })
      expect(cookieFrom(response)).toBeTruthy()
      const me = await server.call("/api/company/user/", { bearer: body.access })
      expect(me.status).toBe(200)
      await server.login(email, GOOD)

      expect(await info(token)).toEqual({ state: "used", email: null })
      const again = await accept(token, { full_name: "Someone Else", password: GOOD })
      expect(again.status).toBe(409)
      expect(await detailOf(again)).toBe("This invitation has already been used. Sign in instead.")
    })

    it("names the password rule broken, and keeps the link open", async () => {
      const { token } = await invite()
      const cases: Array<[string, string]> = [
        ["short one", PASSWORD_RULES.tooShort],
        ["password1234", PASSWORD_RULES.common],
        ["New.Person-rules-all", PASSWORD_RULES.containsName],
      ]
      for (const [password, rule] of cases) {
        const response = await accept(token, { full_name: "Nia", password })
        expect(response.status).toBe(400)
        expect(await detailOf(response)).toBe(rule)
      }
      expect((await info(token)).state).toBe("open")
      const blank = await accept(token, { full_name: "   ", password: GOOD })
      expect(blank.status).toBe(400)
    })

    it("refuses unknown, tampered, expired and revoked links with a sentence each", async () => {
      const unknown = "A".repeat(59)
      expect(await info(unknown)).toEqual({ state: "unknown", email: null })
      expect(await info("not-a-token")).toEqual({ state: "unknown", email: null })
      const unknownAccept = await accept(unknown, { full_name: "X", password: GOOD })
      expect(unknownAccept.status).toBe(404)

      const tampered = await invite()
      const flipped = `${tampered.token.slice(0, -1)}${tampered.token.endsWith("A") ? "B" : "A"}`
      expect((await info(flipped)).state).toBe("unknown")

      const revoked = await invite()
      const [row] = await server.database.db
        .selectFrom("app_user")
        .select("id")
        .where("email", "=", revoked.email)
        .execute()
      await revokeOpenLinks(server.database.db, row?.id ?? 0, "invitation", new Date(server.clock.now()))
      expect((await info(revoked.token)).state).toBe("revoked")
      const revokedAccept = await accept(revoked.token, { full_name: "X", password: GOOD })
      expect(revokedAccept.status).toBe(409)
      expect(await detailOf(revokedAccept)).toMatch(/withdrawn/)

      const expiring = await invite()
      server.clock.advance(INVITATION_TTL_MS + 1000)
      expect((await info(expiring.token)).state).toBe("expired")
      const expiredAccept = await accept(expiring.token, { full_name: "X", password: GOOD })
      expect(expiredAccept.status).toBe(409)
      expect(await detailOf(expiredAccept)).toMatch(/expired/)
    })

    it("tells the sign-in page while the demo accounts exist", async () => {
      const notice = await server.call("/api/company/sign-in-notice/")
      expect(await notice.json()).toEqual({ demo_accounts: true, mail: false })
      await server.database.db
        .updateTable("app_user")
        .set({ status: "deactivated" })
        .where("email", "like", "%@example.com")
        .execute()
      expect(await (await server.call("/api/company/sign-in-notice/")).json()).toEqual({
        demo_accounts: false,
        mail: false,
      })
      // A deactivated account with the right password is told so; with a wrong one it learns nothing.
      const right = await server.call("/api/company/login/", {
        json: { email: "admin@example.com", password: "admin-demo-1" },
      })
      expect(right.status).toBe(403)
      expect(await detailOf(right)).toMatch(/deactivated/)
      const wrong = await server.call("/api/company/login/", {
        json: { email: "admin@example.com", password: "wrong-password-1" },
      })
      expect(wrong.status).toBe(401)
    })
  })
}
