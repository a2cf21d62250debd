// What one decision costs the database, counted: every statement a reject, an approve and a reopen send
// (the sign-in check, BEGIN and COMMIT included), and the change-log read the commit's NOTIFY wakes. A
// decision's latency under load is the database's work per statement (bench/RESULTS.md); a change that adds
// one fails here, so that it is a choice rather than an accident.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WorkRequest, WorkRequestDetail } from "../../../src/schema/marketplace/marketplace"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"

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

/** Long enough without a statement that whatever the last call woke has run. */
const QUIET_MS = 300
const QUIET_LIMIT_MS = 5_000

// A timer's statement is no call's: presence sweeps its viewers every few seconds, and the change log's sweep
// sequences what a commit left pending every second.
const TIMER_STATEMENT = /"record_viewer"|live_sequence\(\) as swept/

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`statements of a decision on ${backend}`, () => {
    let m: MarketplaceServer
    const seen: string[] = []
    let recording = false
    let lastAt = 0
    beforeAll(async () => {
      m = await startMarketplace(backend, {
        onStatement: (sql) => {
          if (TIMER_STATEMENT.test(sql)) return
          lastAt = performance.now()
          if (recording) seen.push(sql)
        },
      })
    })
    afterAll(() => m?.close())

    const quiet = async () => {
      const limit = performance.now() + QUIET_LIMIT_MS
      for (;;) {
        const idle = performance.now() - lastAt
        if (idle >= QUIET_MS || performance.now() > limit) return
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS - idle))
      }
    }

    /** The statements the call sends and those it wakes, which may come before or after its answer. */
    const counted = async (call: () => Promise<Response>) => {
      await quiet()
      seen.length = 0
      recording = true
      const response = await call()
      const body = await response.text()
      expect(response.status, body).toBe(200)
      await quiet()
      recording = false
      return { sent: seen.map((sql) => sql.replace(/\s+/g, " ").slice(0, 120)), body }
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
