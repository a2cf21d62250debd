// A request for information is mailed to the applicant's contact through a real SMTP server on loopback, after
// the record holds it; with the mail server down the request still stands and the failure is logged.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MAIL_FAILED_MESSAGE } from "../../../server/mail/mail-constants"
import { CompanyApplicationDetail } from "../../../src/schema/marketplace/marketplace"
import { CompanyApplicationPage } from "../../../src/schema/marketplace/record-pages"
import { type SmtpSink, startSmtpSink } from "../accounts/smtp-sink"
import { startServer, type TestServer } from "../harness"

const BASE = "/api/v1/company-applications/"

describe("request information with mail on", () => {
  let smtp: SmtpSink
  let server: TestServer
  let coordinator: string
  let pending: Array<{ uuid: string; contact_email: string }>
  beforeAll(async () => {
    smtp = await startSmtpSink()
    server = await startServer({ config: { smtpUrl: smtp.url } })
    coordinator = (await server.login("coordinator@example.com", "coordinator-demo-1")).access
    const list = await server.call(`${BASE}?status=pending&page_size=10`, { bearer: coordinator })
    pending = [...Schema.decodeUnknownSync(CompanyApplicationPage)(await list.json()).results]
    expect(pending.length).toBeGreaterThan(1)
  })
  afterAll(async () => {
    await server?.close()
    await smtp?.close()
  })

  const ask = async (uuid: string, message: string) => {
    const response = await server.call(`${BASE}${uuid}/request-information/`, {
      bearer: coordinator,
      json: { message },
    })
    expect(response.status).toBe(200)
    return Schema.decodeUnknownSync(CompanyApplicationDetail)(await response.json())
  }

  it("mails the message to the application's contact, naming the company", async () => {
    const [first] = pending
    if (!first) throw new Error("no pending application")
    const detail = await ask(first.uuid, "  Please send your public liability insurance.  ")
    const mail = await smtp.waitFor(detail.contact_email)
    expect(mail.subject).toBe(`Your application for ${detail.company_name}: more information needed`)
    expect(mail.text).toContain("\nPlease send your public liability insurance.\n")
  })

  it("with the mail server down, the request still stands and the failure is logged", async () => {
    await smtp.close()
    const second = pending[1]
    if (!second) throw new Error("no second pending application")
    const detail = await ask(second.uuid, "Please send your trade licence.")
    expect(detail.waiting_since).not.toBeNull()
    expect(server.logs()).toContain(MAIL_FAILED_MESSAGE)
  })
})
