// Invitations mailed through a real SMTP server on loopback: the message carries the link that opens the
// invitation; with the mail server stopped the invitation is still created, its link answered and working,
// `mail: "failed"` and the failure logged; without SMTP_URL the server says once that mail is off.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MAIL_FAILED_MESSAGE, MAIL_OFF_MESSAGE } from "../../../server/mail/mail-constants"
import { InvitationInfo } from "../../../src/schema/accounts/invitation"
import { InvitationIssued } from "../../../src/schema/accounts/staff"
import { startServer, type TestServer } from "../harness"
import { linkIn, type SmtpSink, startSmtpSink } from "./smtp-sink"

const INVITE = "/api/company/staff/invitations/"

const invite = async (server: TestServer, bearer: string, email: string) => {
  const response = await server.call(INVITE, {
    bearer,
    json: { email, user_category: "website_coordinator" },
  })
  expect(response.status).toBe(201)
  return Schema.decodeUnknownSync(InvitationIssued)(await response.json())
}

const linkState = async (server: TestServer, url: string) => {
  const token = new URL(url).pathname.split("/").at(-1) ?? ""
  const response = await server.call(`/api/company/invitations/${token}/`)
  return Schema.decodeUnknownSync(InvitationInfo)(await response.json()).state
}

describe("invitations with mail on", () => {
  let smtp: SmtpSink
  let server: TestServer
  let admin: string
  beforeAll(async () => {
    smtp = await startSmtpSink()
    server = await startServer({
      config: { smtpUrl: smtp.url, mailFrom: "Back office <office@firm.example>" },
    })
    admin = (await server.login("admin@example.com", "admin-demo-1")).access
  })
  afterAll(async () => {
    await server?.close()
    await smtp?.close()
  })

  it("mails the link the answer shows, from MAIL_FROM, and the link opens the invitation", async () => {
    const issued = await invite(server, admin, "mailed.person@firm.example")
    expect(issued.mail).toBe("sent")
    const mail = await smtp.waitFor("mailed.person@firm.example")
    expect(mail.from).toBe("office@firm.example")
    expect(mail.subject).toBe("You are invited to the back office")
    const link = linkIn(mail, "/invite/")
    expect(link).toBe(issued.invite_url)
    expect(await linkState(server, link)).toBe("open")
    expect(server.logs()).not.toContain(MAIL_OFF_MESSAGE)
  })

  it("with the mail server down, still creates the invitation, answers its link and says mail failed", async () => {
    await smtp.close()
    const issued = await invite(server, admin, "unmailed.person@firm.example")
    expect(issued.mail).toBe("failed")
    expect(issued.member).toMatchObject({ email: "unmailed.person@firm.example", status: "invited" })
    expect(await linkState(server, issued.invite_url)).toBe("open")
    expect(server.logs()).toContain(MAIL_FAILED_MESSAGE)
    // Back up on the same port: the next invitation goes out again.
    smtp = await startSmtpSink(smtp.port)
    const resent = await server.call(`/api/company/staff/${issued.member.id}/invitation/resend/`, {
      bearer: admin,
      json: { version: issued.member.version },
    })
    expect(resent.status).toBe(200)
    const again = Schema.decodeUnknownSync(InvitationIssued)(await resent.json())
    expect(again.mail).toBe("sent")
    expect(linkIn(await smtp.waitFor("unmailed.person@firm.example"), "/invite/")).toBe(again.invite_url)
  })
})

describe("invitations with mail off", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server?.close())

  it("answers mail: off, and the server said once at start that mail is off", async () => {
    const admin = (await server.login("admin@example.com", "admin-demo-1")).access
    expect((await invite(server, admin, "no.mail@firm.example")).mail).toBe("off")
    expect(server.logs().split(MAIL_OFF_MESSAGE).length - 1).toBe(1)
  })
})
