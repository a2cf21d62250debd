// What one decision costs the database, counted: every statement a reject, an approve and a reopen send
// (the sign-in check, BEGIN and COMMIT included), and the change-log read the commit's NOTIFY wakes. A
// decision's latency under load is the database's work per statement (bench/RESULTS.md); a change that adds
// one fails here, so that it is a choice rather than an accident.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WorkRequest, WorkRequestDetail } from "../../../src/schema/marketplace/marketplace"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"
import { statementRecorder } from "../statement-recorder"

const pgUp = await postgresAvailable()
const BASE = "/api/v1/work-requests/"

/**
 * The most statements each call may cause, as counted once a reject had been cut from 14 to 7 and a reopen
 * from 18 to 8: the call's own (sign-in check, BEGIN, the change, its audit entry and notices with their
 * change-log entries, the answer's detail, COMMIT, the sequencing of its entries after the commit) plus the
 * change-log read its NOTIFY wakes in the instance (one per wake; the other instances each pay one too). The
 * sequencing is one statement more than when the append took positions itself, and it is what lets decisions
 * commit side by side instead of one after another; the append is no statement of its own since the audit
 * statement writes the entries. Lower a ceiling when a change saves a statement; raise one only
 * with the reason in the commit: each statement is paid by every decision of a busy day.
 */
const DECISION_STATEMENT_CEILINGS = {
  reject: 8,
  approve: 8,
  reopen: 9,
} as const

// A timer's statement is no call's: presence sweeps its viewers every few seconds, and the change log's sweep
// sequences what a commit left pending every second.
const TIMER_STATEMENT = /"record_viewer"|live_sequence\(\) as swept/

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`statements of a decision on ${backend}`, () => {
    let m: MarketplaceServer
    const recorder = statementRecorder(TIMER_STATEMENT)
    beforeAll(async () => {
      m = await startMarketplace(backend, { onStatement: recorder.onStatement })
    })
    afterAll(() => m?.close())

    /** The statements the call sends and those it wakes, which may come before or after its answer. */
    const counted = async (call: () => Promise<Response>) => {
      const { sent, result: body } = await recorder.counted(async () => {
        const response = await call()
        const text = await response.text()
        expect(response.status, text).toBe(200)
        return text
      })
      return { sent, body }
    }

    const intake = async (title: string) =>
      decoded(
        await m.post("/api/v1/intake/work-requests/", m.tokens.admin, {
          title,
          description: "Counted.",
          customer_name: "Stella Statement",
          address: "3 Count Road, Leeds",
          area: "Leeds",
          service_category: "glazing",
          urgency: "normal",
        }),
        WorkRequest,
        201,
      )

    const within = (
      action: keyof typeof DECISION_STATEMENT_CEILINGS,
      n: Awaited<ReturnType<typeof counted>>,
    ) => {
      const sent = `${action} sent:\n${n.sent.join("\n")}`
      expect(n.sent.length, sent).toBeLessThanOrEqual(DECISION_STATEMENT_CEILINGS[action])
    }

    it("a reject, then a reopen of it, send no more than their ceilings", async () => {
      const request = await intake("Counted reject")
      const rejected = await counted(() =>
        m.post(`${BASE}${request.uuid}/reject/`, m.tokens.coordinator, { reason: "Out of area" }),
      )
      expect(JSON.parse(rejected.body)).toMatchObject({ status: "rejected" })
      within("reject", rejected)
      const reopened = await counted(() => m.post(`${BASE}${request.uuid}/reopen/`, m.tokens.admin, {}))
      expect(JSON.parse(reopened.body)).toMatchObject({ status: "pending" })
      within("reopen", reopened)
    })

    it("an approve sends no more than its ceiling", async () => {
      const request = await intake("Counted approve")
      const approved = await counted(() => m.post(`${BASE}${request.uuid}/approve/`, m.tokens.coordinator))
      decoded(new Response(approved.body), WorkRequestDetail)
      within("approve", approved)
    })
  })
}
