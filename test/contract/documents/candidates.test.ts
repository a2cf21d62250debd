// The provider selection and the documents behind each provider (docs/behaviour.md#documents): a company
// whose insurance has expired is left out, saying why, and cannot be chosen; one with a document expiring
// within 30 days is marked.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { addDays, isoDay } from "../../../src/schema/documents/checklist"
import { CandidateList } from "../../../src/schema/marketplace/candidates"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"

const pgUp = await postgresAvailable()

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`candidates and their documents on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(async () => {
      await m?.close()
    })

    /** An approved work request with nobody chosen and a candidate made from an application. */
    async function requestWithCandidates(): Promise<{ uuid: string; list: CandidateList }> {
      const rows = await m.server.database.db
        .selectFrom("service_request")
        .select("uuid")
        .where("kind", "=", "work")
        .where("status", "=", "approved")
        .where("providers_selected_at", "is", null)
        .execute()
      for (const { uuid } of rows) {
        const list = await decoded(
          await m.get(`/api/v1/work-requests/${uuid}/providers/`, m.tokens.coordinator),
          CandidateList,
        )
        if (list.results.some((c) => c.application_uuid !== null)) return { uuid, list }
      }
      throw new Error("no approved request with a candidate from an application")
    }

    /** The application's only insurance, ending on `day`. */
    async function insuranceUntil(application: string, day: string) {
      const db = m.server.database.db
      await db
        .deleteFrom("record_document")
        .where("record_uuid", "=", application)
        .where("kind", "=", "insurance")
        .execute()
      await db
        .insertInto("record_document")
        .values({
          record_kind: "company_application",
          record_uuid: application,
          kind: "insurance",
          file_name: "insurance.pdf",
          content_type: "application/pdf",
          size: 1,
          sha256: "0".repeat(64),
          number: "PL-1",
          issuer: "Aviva",
          expires_on: day,
          uploaded_at: new Date(),
        })
        .execute()
    }

    // Marked first: the seeded demo has few providers made from applications, and the one left out is gone.
    it("marks a company whose document expires within 30 days", async () => {
      const { uuid, list } = await requestWithCandidates()
      const expiring = list.results.find((c) => c.application_uuid !== null)
      if (!expiring?.application_uuid) throw new Error("a candidate from an application expected")
      const today = isoDay(new Date(m.server.clock.now()))
      await insuranceUntil(expiring.application_uuid, addDays(today, 10))
      const after = await decoded(
        await m.get(`/api/v1/work-requests/${uuid}/providers/`, m.tokens.coordinator),
        CandidateList,
      )
      const marked = after.results.find((c) => c.uuid === expiring.uuid)
      expect(marked?.document_warnings).toContain(`Insurance expires on ${addDays(today, 10)}`)
    })

    it("leaves out a company whose insurance has expired, saying why; it cannot be chosen", async () => {
      const { uuid, list } = await requestWithCandidates()
      const expired = list.results.find((c) => c.application_uuid !== null)
      if (!expired?.application_uuid) throw new Error("a candidate from an application expected")
      const today = isoDay(new Date(m.server.clock.now()))
      await insuranceUntil(expired.application_uuid, addDays(today, -2))
      const after = await decoded(
        await m.get(`/api/v1/work-requests/${uuid}/providers/`, m.tokens.coordinator),
        CandidateList,
      )
      expect(after.results.map((c) => c.uuid)).not.toContain(expired.uuid)
      expect(after.left_out).toContainEqual({
        uuid: expired.uuid,
        company_name: expired.company_name,
        reason: `Insurance expired on ${addDays(today, -2)}`,
      })
      expect(after.results.map((c) => c.rank)).toEqual(after.results.map((_, i) => i + 1))
      await expectDetail(
        await m.post(`/api/v1/work-requests/${uuid}/select-providers/`, m.tokens.coordinator, {
          provider_ids: [expired.uuid],
        }),
        400,
        /not a candidate/,
      )
    })
  })
}
