// Waiting time on the wire (docs/behaviour.md#waiting-time) and the candidates answer naming its request
// (docs/behaviour.md#choosing-providers): the list answers carry the server's time and thresholds, the
// dashboard's due and overdue counts agree with the badges those give, and both move with the server's clock.
import type { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ConfigError, loadConfig } from "../../server/config"
import { DashboardSummary } from "../../src/schema/dashboard/dashboard"
import { CandidateList } from "../../src/schema/marketplace/candidates"
import { WorkRequest, WorkRequestDetail } from "../../src/schema/marketplace/marketplace"
import type { QueueTimes, WaitCounts } from "../../src/schema/marketplace/queue-wait"
import {
  CompanyApplicationPage,
  MaintenanceRequestPage,
  WorkRequestPage,
} from "../../src/schema/marketplace/record-pages"
import { waitLevel } from "../../src/views/marketplace/wait-time"
import { BACKENDS, postgresAvailable } from "./harness"
import { decoded, type MarketplaceServer, startMarketplace } from "./marketplace-fixture"

const pgUp = await postgresAvailable()
const DAY = 24 * 3_600_000
const SUMMARY = "/api/v1/dashboard/summary/"

type QueuePageSchema = typeof WorkRequestPage | typeof MaintenanceRequestPage | typeof CompanyApplicationPage

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`waiting time on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    // Moving the server's clock expires earlier tokens: each read signs in again at the server's time.
    let token = ""
    const renew = async () => {
      token = (await m.server.login("coordinator@example.com", "coordinator-demo-1")).access
    }
    const get = (path: string) => m.server.call(path, { bearer: token })

    /** Every pending record of a list, each with the level the list's own `queue` gives it. */
    const levels = async (path: string, schema: QueuePageSchema): Promise<WaitCounts> => {
      const counts = { due: 0, overdue: 0 }
      for (let page = 1; ; page++) {
        const body = await decoded(
          await get(`${path}?status=pending&page_size=100&page=${page}`),
          schema as Schema.Codec<Schema.Schema.Type<QueuePageSchema>, unknown>,
        )
        for (const r of body.results) {
          const level = waitLevel(r.submitted_at, body.queue)
          if (level) counts[level] += 1
        }
        if (body.next === null) return counts
      }
    }

    const expectTimes = (queue: QueueTimes) => {
      expect(queue.due_after_seconds).toBe(m.server.config.queueDueAfterSeconds)
      expect(queue.overdue_after_seconds).toBe(m.server.config.queueOverdueAfterSeconds)
      // The server's clock, not the machine's: tests move it forward.
      expect(Math.abs(Date.parse(queue.as_of) - m.server.clock.now())).toBeLessThan(5_000)
    }

    it("every list answer carries the server's time and its thresholds", async () => {
      m.server.clock.advance(DAY / 2)
      await renew()
      for (const [path, schema] of [
        ["/api/v1/work-requests/", WorkRequestPage],
        ["/api/v1/maintenance-requests/?status=approved", MaintenanceRequestPage],
        ["/api/v1/company-applications/?status=pending", CompanyApplicationPage],
      ] as const) {
        const body = await decoded(
          await get(path),
          schema as Schema.Codec<Schema.Schema.Type<QueuePageSchema>, unknown>,
        )
        expectTimes(body.queue)
      }
      expect(m.server.config.queueDueAfterSeconds).toBe(24 * 3600)
      expect(m.server.config.queueOverdueAfterSeconds).toBe(72 * 3600)
    })

    it("the dashboard's due and overdue counts agree with the lists' badges, and move with the clock", async () => {
      const check = async () => {
        const summary = await decoded(await get(SUMMARY), DashboardSummary)
        expectTimes(summary.waiting.queue)
        expect(summary.waiting.work_request).toEqual(await levels("/api/v1/work-requests/", WorkRequestPage))
        expect(summary.waiting.maintenance_request).toEqual(
          await levels("/api/v1/maintenance-requests/", MaintenanceRequestPage),
        )
        expect(summary.waiting.company_application).toEqual(
          await levels("/api/v1/company-applications/", CompanyApplicationPage),
        )
        return summary.waiting
      }
      await renew()
      const before = await check()
      m.server.clock.advance(2 * DAY)
      await renew()
      const after = await check()
      // Two days on, records that were due became overdue: the seed has pending records of every age.
      expect(after.work_request.overdue).toBeGreaterThan(before.work_request.overdue)
      const pending = (await decoded(await get(SUMMARY), DashboardSummary)).work_requests.pending
      expect(after.work_request.due + after.work_request.overdue).toBeLessThanOrEqual(pending)
    })

    it("the candidates answer names its request, its status and what was searched", async () => {
      // The clock moved: sign in again for a token the server's time accepts.
      const admin = (await m.server.login("admin@example.com", "admin-demo-1")).access
      const created = await decoded(
        await m.server.call("/api/v1/intake/work-requests/", {
          bearer: admin,
          json: {
            title: "Thatch repair",
            description: "The thatch over the porch is thin.",
            customer_name: "Nell Nobody",
            address: "1 Far Lane, Nowhere-on-Sea NS1 1AA",
            area: "Nowhere-on-Sea",
            service_category: "roofing",
            urgency: "low",
          },
        }),
        WorkRequest,
        201,
      )
      const candidates = async () =>
        decoded(
          await m.server.call(`/api/v1/work-requests/${created.uuid}/providers/`, { bearer: admin }),
          CandidateList,
        )
      const pending = await candidates()
      expect(pending.request).toEqual({
        uuid: created.uuid,
        title: "Thatch repair",
        status: "pending",
        service_category: "roofing",
        area: "Nowhere-on-Sea",
      })
      await decoded(
        await m.server.call(`/api/v1/work-requests/${created.uuid}/approve/`, { bearer: admin, json: {} }),
        WorkRequestDetail,
      )
      const approved = await candidates()
      expect(approved.request.status).toBe("approved")
      // Nobody serves that area: an empty answer that still says what it searched for.
      expect(approved.count).toBe(0)
      expect(approved.results).toEqual([])
    })
  })
}

describe("queue settings", () => {
  it("reads the thresholds in hours and the interval in seconds", () => {
    const config = loadConfig({
      QUEUE_DUE_AFTER_HOURS: "2",
      QUEUE_OVERDUE_AFTER_HOURS: "5",
      REMINDER_INTERVAL_SECONDS: "7",
    })
    expect(config.queueDueAfterSeconds).toBe(2 * 3600)
    expect(config.queueOverdueAfterSeconds).toBe(5 * 3600)
    expect(config.reminderIntervalMs).toBe(7000)
    const defaults = loadConfig({})
    expect([defaults.queueDueAfterSeconds, defaults.queueOverdueAfterSeconds]).toEqual([24 * 3600, 72 * 3600])
    expect(defaults.reminderIntervalMs).toBe(60_000)
  })

  it("refuses an overdue threshold that does not come after the due one, naming both", () => {
    expect(() => loadConfig({ QUEUE_DUE_AFTER_HOURS: "48", QUEUE_OVERDUE_AFTER_HOURS: "48" })).toThrow(
      /QUEUE_OVERDUE_AFTER_HOURS \(48\) must be more than QUEUE_DUE_AFTER_HOURS \(48\)/,
    )
    expect(() => loadConfig({ QUEUE_DUE_AFTER_HOURS: "0" })).toThrow(ConfigError)
    expect(() => loadConfig({ REMINDER_INTERVAL_SECONDS: "soon" })).toThrow(/REMINDER_INTERVAL_SECONDS/)
  })
})
