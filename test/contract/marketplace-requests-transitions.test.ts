// Approving, rejecting and reopening work and maintenance requests: reasons, roles, the audit trail, and
// two coordinators acting on one request at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { EndpointSpec } from "../../src/schema/api/endpoint"
import { MARKETPLACE_LIMITS } from "../../src/schema/marketplace/marketplace"
import { BACKENDS, postgresAvailable } from "./harness"
import {
  decoded,
  expectDetail,
  type MarketplaceServer,
  SECOND_COORDINATOR,
  startMarketplace,
} from "./marketplace-fixture"
import { pathOf, REQUEST_KINDS } from "./record-kinds"

const pgUp = await postgresAvailable()

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`marketplace request transitions on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    for (const { kind, api, Page, Detail } of REQUEST_KINDS) {
      /** Each test takes its own records from the queue, so the tests do not depend on their order. */
      const take = async (status: "pending" | "approved" | "rejected") => {
        const page = await decoded(
          await m.get(`${api.list.path}?status=${status}&page_size=1`, m.tokens.viewer),
          Page,
        )
        const row = page.results[0]
        if (!row) throw new Error(`no ${status} ${kind} request left`)
        return row
      }
      const detail = async (uuid: string) =>
        decoded(await m.get(pathOf(api.detail, uuid), m.tokens.viewer), Detail)

      it(`${kind}: approve moves pending → approved, records who and when, and leaves the queue`, async () => {
        const target = await take("pending")
        const before = Date.now()
        const approved = await decoded(
          await m.post(pathOf(api.approve, target.uuid), m.tokens.coordinator),
          Detail,
        )
        expect(approved).toMatchObject({ uuid: target.uuid, status: "approved", reason: null })
        expect(approved.decided_by?.full_name).toBe("Corey Coordinator")
        expect(Date.parse(approved.decided_at ?? "")).toBeGreaterThanOrEqual(before - 1000)
        const entry = approved.audit.at(-1)
        expect(entry).toMatchObject({
          action: "approved",
          from_status: "pending",
          to_status: "approved",
          actor_name: "Corey Coordinator",
          reason: null,
          at: approved.decided_at,
        })
        expect((await detail(target.uuid)).status).toBe("approved")
        const pending = await decoded(
          await m.get(`${api.list.path}?status=pending&page_size=100`, m.tokens.viewer),
          Page,
        )
        expect(pending.results.some((r) => r.uuid === target.uuid)).toBe(false)
      })

      it(`${kind}: reject needs a reason of 1 to ${MARKETPLACE_LIMITS.maxReasonLength} characters`, async () => {
        const target = await take("pending")
        const url = pathOf(api.reject, target.uuid)
        await expectDetail(await m.post(url, m.tokens.coordinator), 400, /^reason/)
        await expectDetail(await m.post(url, m.tokens.coordinator, {}), 400, /^reason: .*required/)
        await expectDetail(await m.post(url, m.tokens.coordinator, { reason: "" }), 400, /^reason/)
        await expectDetail(await m.post(url, m.tokens.coordinator, { reason: "   \n " }), 400, /^reason/)
        await expectDetail(await m.post(url, m.tokens.coordinator, { reason: 42 }), 400, /^reason/)
        await expectDetail(
          await m.post(url, m.tokens.coordinator, { reason: "x".repeat(1001) }),
          400,
          /^reason/,
        )
        await expectDetail(await m.post(url, m.tokens.coordinator, { reason: "ok", extra: 1 }), 400, /extra/)
        expect((await detail(target.uuid)).status).toBe("pending")

        const reason = "Customer could not be reached."
        const rejected = await decoded(
          await m.post(url, m.tokens.coordinator, { reason: `  ${reason} ` }),
          Detail,
        )
        expect(rejected).toMatchObject({ status: "rejected", reason })
        expect(rejected.audit.at(-1)).toMatchObject({
          action: "rejected",
          from_status: "pending",
          to_status: "rejected",
          reason,
        })
      })

      it(`${kind}: acting on a decided request → 409 saying what happened, nothing applied twice`, async () => {
        const target = await take("pending")
        await decoded(await m.post(pathOf(api.approve, target.uuid), m.tokens.coordinator), Detail)
        const again = pathOf(api.approve, target.uuid)
        await expectDetail(
          await m.post(again, m.tokens.coordinator2),
          409,
          /already approved by Corey Coordinator at \d\d:\d\d UTC/,
        )
        const reject = pathOf(api.reject, target.uuid)
        await expectDetail(
          await m.post(reject, m.tokens.coordinator2, { reason: "Late" }),
          409,
          /already approved/,
        )
        const after = await detail(target.uuid)
        expect(after).toMatchObject({ status: "approved", reason: null })
        expect(after.audit.filter((a) => a.action !== "submitted")).toHaveLength(1)
      })

      it(`${kind}: two coordinators at once → exactly one wins, the other gets 409`, async () => {
        for (let round = 0; round < 3; round++) {
          const target = await take("pending")
          const [a, b] = await Promise.all([
            m.post(pathOf(api.approve, target.uuid), m.tokens.coordinator),
            m.post(pathOf(api.reject, target.uuid), m.tokens.coordinator2, { reason: "Duplicate" }),
          ])
          expect([a.status, b.status].sort()).toEqual([200, 409])
          const loser = a.status === 409 ? a : b
          const winner = a.status === 409 ? "rejected by Cora Second" : "approved by Corey Coordinator"
          await expectDetail(loser, 409, new RegExp(`already ${winner}`))
          const after = await detail(target.uuid)
          expect(after.status).toBe(a.status === 200 ? "approved" : "rejected")
          expect(after.audit.filter((x) => x.action !== "submitted")).toHaveLength(1)
        }
      })

      it(`${kind}: an admin reopens a decided request; a coordinator may not`, async () => {
        const target = await take("rejected")
        const url = pathOf(api.reopen, target.uuid)
        await expectDetail(await m.post(url, m.tokens.coordinator), 403, /Only an admin/)
        const reopened = await decoded(
          await m.post(url, m.tokens.admin, { reason: "Customer called back" }),
          Detail,
        )
        expect(reopened).toMatchObject({
          status: "pending",
          reason: null,
          decided_at: null,
          decided_by: null,
        })
        expect(reopened.audit.at(-1)).toMatchObject({
          action: "reopened",
          from_status: "rejected",
          to_status: "pending",
          actor_name: "Ada Admin",
          reason: "Customer called back",
        })
        await expectDetail(await m.post(url, m.tokens.admin), 409, /already pending \(reopened by Ada Admin/)
        // Back in the queue, it can be decided again.
        const approved = await decoded(
          await m.post(pathOf(api.approve, target.uuid), m.tokens.coordinator2),
          Detail,
        )
        expect(approved.decided_by?.full_name).toBe(SECOND_COORDINATOR.full_name)
        expect(approved.audit.map((a) => a.action).slice(-3)).toEqual(["rejected", "reopened", "approved"])
      })

      it(`${kind}: reopening an approved request releases its providers`, async () => {
        const page = await decoded(
          await m.get(`${api.list.path}?status=approved&page_size=100`, m.tokens.viewer),
          Page,
        )
        const target = page.results.find((r) => r.selected_providers.length > 0)
        if (!target) throw new Error("the seed has approved requests with providers")
        const reopened = await decoded(await m.post(pathOf(api.reopen, target.uuid), m.tokens.admin), Detail)
        expect(reopened).toMatchObject({
          status: "pending",
          selected_providers: [],
          providers_selected_at: null,
        })
        expect(reopened.audit.at(-1)?.details.released_providers).toEqual(target.selected_providers)
      })

      it(`${kind}: the read-only viewer gets 403 on every write, and nothing changes`, async () => {
        const target = await take("pending")
        const before = await detail(target.uuid)
        const calls: Array<[EndpointSpec, unknown]> = [
          [api.approve, undefined],
          [api.reject, { reason: "No" }],
          [api.reopen, undefined],
          [api.selectProviders, { provider_ids: [target.uuid] }],
        ]
        for (const [call, body] of calls) {
          await expectDetail(await m.post(pathOf(call, target.uuid), m.tokens.viewer, body), 403)
          await expectDetail(await m.post(pathOf(call, target.uuid), undefined, body), 401)
        }
        expect(await detail(target.uuid)).toEqual(before)
      })
    }
  })
}
