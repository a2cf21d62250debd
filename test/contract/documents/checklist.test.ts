// The application checklist and its override, the request for information, the intake upload that answers it,
// and the expiry watch (docs/behaviour.md#documents), against the real server.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sendExpiryReminders } from "../../../server/documents/expiry-watch"
import { addDays, isoDay } from "../../../src/schema/documents/checklist"
import { CompanyApplicationDetail } from "../../../src/schema/marketplace/marketplace"
import { CompanyApplicationPage } from "../../../src/schema/marketplace/record-pages"
import { BACKENDS, postgresAvailable } from "../harness"
import {
  decoded,
  expectDetail,
  type MarketplaceServer,
  startMarketplace,
  UNKNOWN_UUID,
} from "../marketplace-fixture"
import { openSocket } from "../notifications-socket-client"
import { applicationDocuments, KEY, PDF, uploadForm } from "./upload-client"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/company-applications/"

/** The four documents every application needs, valid well beyond the warning. */
const complete = (expires: string) => [
  { kind: "insurance", number: "PL-1", issuer: "Aviva", expires_on: expires },
  { kind: "trade_licence", number: "TL-1", issuer: "Council", expires_on: expires },
  { kind: "identity", number: "P-1", issuer: "HMPO", expires_on: expires },
  { kind: "registration_certificate", number: "RC-1", issuer: "Companies House" },
]
const files = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `doc-${i}.pdf`, bytes: PDF }))

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`application checklist on ${backend}`, () => {
    let m: MarketplaceServer
    const used = new Set<string>()

    /** A pending plumbing application no other test touched, with no documents. */
    const freshApplication = async (): Promise<string> => {
      const db = m.server.database.db
      const row = await db
        .selectFrom("company_application")
        .select("uuid")
        .where("status", "=", "pending")
        .$if(used.size > 0, (q) => q.where("uuid", "not in", [...used]))
        .orderBy("submitted_at")
        .executeTakeFirstOrThrow()
      used.add(row.uuid)
      await db.deleteFrom("record_document").where("record_uuid", "=", row.uuid).execute()
      await db
        .updateTable("company_application")
        .set({ services_offered: ["plumbing"] })
        .where("uuid", "=", row.uuid)
        .execute()
      return row.uuid
    }
    const upload = (uuid: string, facts: unknown[]) =>
      m.server.fetch(applicationDocuments(uuid), {
        method: "POST",
        body: uploadForm(facts, files(facts.length)),
        headers: { "x-intake-key": KEY },
      })
    const detail = async (uuid: string) =>
      decoded(await m.get(`${BASE}${uuid}/`, m.tokens.coordinator), CompanyApplicationDetail)

    beforeAll(async () => {
      process.env.INTAKE_KEY = KEY
      m = await startMarketplace(backend)
    })
    afterAll(async () => {
      await m?.close()
    })

    it("shows each required document as present, missing, expired or expiring", async () => {
      const uuid = await freshApplication()
      const today = isoDay(new Date(m.server.clock.now()))
      const missing = await detail(uuid)
      expect(missing.checklist?.map((e) => [e.kind, e.state])).toEqual([
        ["insurance", "missing"],
        ["trade_licence", "missing"],
        ["identity", "missing"],
        ["registration_certificate", "missing"],
      ])
      const facts = complete(addDays(today, 365))
      facts[0] = { ...facts[0], expires_on: addDays(today, -1) } as (typeof facts)[0]
      facts[1] = { ...facts[1], expires_on: addDays(today, 30) } as (typeof facts)[1]
      expect((await upload(uuid, facts)).status).toBe(201)
      expect((await detail(uuid)).checklist?.map((e) => e.state)).toEqual([
        "expired",
        "expiring",
        "present",
        "present",
      ])
    })

    it("a trade adds its own documents", async () => {
      const uuid = await freshApplication()
      await m.server.database.db
        .updateTable("company_application")
        .set({ services_offered: ["heating", "electrical"] })
        .where("uuid", "=", uuid)
        .execute()
      const kinds = (await detail(uuid)).checklist?.map((e) => e.kind)
      expect(kinds).toContain("gas_safe_registration")
      expect(kinds).toContain("electrical_certificate")
    })

    it("refuses an accept without override_reason while a required document is missing, and keeps the reason of one with it", async () => {
      const uuid = await freshApplication()
      await expectDetail(
        await m.post(`${BASE}${uuid}/accept/`, m.tokens.coordinator),
        400,
        /Insurance missing.*override_reason/,
      )
      expect((await detail(uuid)).status).toBe("pending")
      await expectDetail(
        await m.post(`${BASE}${uuid}/accept/`, m.tokens.coordinator, { override_reason: "   " }),
        400,
      )
      const accepted = await decoded(
        await m.post(`${BASE}${uuid}/accept/`, m.tokens.coordinator, { override_reason: "Seen on paper" }),
        CompanyApplicationDetail,
      )
      expect(accepted.status).toBe("accepted")
      const entry = accepted.audit.find((a) => a.action === "accepted")
      expect(entry?.reason).toBe("Seen on paper")
      expect(entry?.details.overridden?.map((o) => o.kind)).toContain("insurance")
    })

    it("accepts a complete application without an override", async () => {
      const uuid = await freshApplication()
      const today = isoDay(new Date(m.server.clock.now()))
      expect((await upload(uuid, complete(addDays(today, 365)))).status).toBe(201)
      const accepted = await decoded(
        await m.post(`${BASE}${uuid}/accept/`, m.tokens.coordinator),
        CompanyApplicationDetail,
      )
      expect(accepted.status).toBe("accepted")
      expect(accepted.audit.find((a) => a.action === "accepted")?.details.overridden).toBeUndefined()
    })

    it("request-information: roles, bad input, unknown and decided records", async () => {
      const uuid = await freshApplication()
      const path = `${BASE}${uuid}/request-information/`
      const body = { message: "Please send your insurance" }
      await expectDetail(await m.post(path, undefined, body), 401)
      await expectDetail(await m.post(path, m.tokens.viewer, body), 403)
      await expectDetail(await m.post(path, m.tokens.coordinator, { message: "  " }), 400)
      await expectDetail(await m.post(path, m.tokens.coordinator, {}), 400)
      await expectDetail(
        await m.post(`${BASE}${UNKNOWN_UUID}/request-information/`, m.tokens.coordinator, body),
        404,
      )
      await m.post(`${BASE}${uuid}/reject/`, m.tokens.coordinator, { reason: "Out of area" })
      await expectDetail(await m.post(path, m.tokens.coordinator, body), 409, /already rejected/)
    })

    it("request-information keeps the message, marks the application waiting, and the list filters it in and out", async () => {
      const uuid = await freshApplication()
      const asked = await decoded(
        await m.post(`${BASE}${uuid}/request-information/`, m.tokens.coordinator, {
          message: "Please send your insurance",
        }),
        CompanyApplicationDetail,
      )
      expect(asked.status).toBe("pending")
      expect(asked.waiting_since).not.toBeNull()
      expect(asked.audit.at(-1)).toMatchObject({
        action: "information_requested",
        reason: "Please send your insurance",
      })
      const list = async (waiting: string) =>
        (
          await decoded(
            await m.get(`${BASE}?status=pending&waiting=${waiting}&page_size=100`, m.tokens.coordinator),
            CompanyApplicationPage,
          )
        ).results.map((r) => r.uuid)
      expect(await list("waiting")).toEqual([uuid])
      expect(await list("not_waiting")).not.toContain(uuid)
      // It keeps its place by submission in the whole queue.
      const all = await list("all")
      const page = await decoded(
        await m.get(`${BASE}?status=pending&page_size=100`, m.tokens.coordinator),
        CompanyApplicationPage,
      )
      expect(all).toEqual(page.results.map((r) => r.uuid))
      const submitted = page.results.map((r) => r.submitted_at)
      expect(submitted).toEqual([...submitted].sort())
      await expectDetail(await m.get(`${BASE}?waiting=soon`, m.tokens.coordinator), 400)
    })

    it("an intake upload returns a waiting application to the queue, audited, and tells its claimant and followers live", async () => {
      const uuid = await freshApplication()
      await m.post(`${BASE}${uuid}/assign/`, m.tokens.coordinator2)
      await m.post(`${BASE}${uuid}/request-information/`, m.tokens.coordinator, {
        message: "Your insurance, please",
      })
      const claimant = openSocket(m.server.url, { token: m.tokens.coordinator2 })
      const follower = openSocket(m.server.url, { token: m.tokens.coordinator })
      await Promise.all([claimant.next("connection_established"), follower.next("connection_established")])
      expect((await upload(uuid, complete("2031-01-31").slice(0, 1))).status).toBe(201)
      for (const socket of [claimant, follower]) {
        const { notification } = await socket.next("notification", (n) =>
          n.notification.title.includes("Documents received"),
        )
        expect(notification.notification_type).toBe("company_update")
        expect(notification.action_url).toContain(uuid)
      }
      claimant.ws.close()
      follower.ws.close()
      const after = await detail(uuid)
      expect(after.waiting_since).toBeNull()
      expect(after.audit.at(-1)).toMatchObject({
        action: "documents_received",
        details: { files: ["doc-0.pdf"] },
      })
      expect(after.checklist?.find((e) => e.kind === "insurance")?.state).toBe("present")
    })

    it("reminds the deciding staff once per document and threshold for accepted companies", async () => {
      const uuid = await freshApplication()
      const now = new Date(m.server.clock.now())
      const facts = complete(addDays(isoDay(now), 365))
      facts[0] = { ...facts[0], expires_on: addDays(isoDay(now), 20) } as (typeof facts)[0]
      await upload(uuid, facts)
      await m.post(`${BASE}${uuid}/accept/`, m.tokens.coordinator)
      const db = m.server.database.db
      const count = async () =>
        Number(
          (
            await db
              .selectFrom("notification")
              .select((eb) => eb.fn.countAll<string | number>().as("n"))
              .where("notification_type", "=", "reminder")
              .where("action_url", "like", `%${uuid}%`)
              .executeTakeFirstOrThrow()
          ).n,
        )
      const before = await count()
      expect(await sendExpiryReminders(db, now)).toBeGreaterThanOrEqual(1)
      const once = await count()
      expect(once).toBeGreaterThan(before)
      await sendExpiryReminders(db, now)
      expect(await count()).toBe(once)
      // Fourteen days later it is within 7 days: the next threshold reminds again, once.
      await sendExpiryReminders(db, new Date(now.getTime() + 14 * 86_400_000))
      expect(await count()).toBe(once * 2)
    })
  })
}
