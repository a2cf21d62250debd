// Claims: Assign to me and Unassign on every kind of record, idempotence, taking over someone else's claim,
// roles, the audit trail, the assignee filter of the lists, and the `record.changed` socket message a claim sends.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BACKENDS, postgresAvailable } from "./harness"
import {
  decoded,
  expectDetail,
  MALFORMED_IDS,
  type MarketplaceServer,
  startMarketplace,
  UNKNOWN_UUID,
} from "./marketplace-fixture"
import { openSocket, type TestSocket } from "./notifications-socket-client"
import { pathOf, RECORD_KINDS } from "./record-kinds"

const pgUp = await postgresAvailable()

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`marketplace claims on ${backend}`, () => {
    let m: MarketplaceServer
    const sockets: TestSocket[] = []
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(async () => {
      await Promise.all(sockets.map((s) => s.close()))
      await m?.close()
    })

    for (const { kind, api, Page, Detail, decideCall } of RECORD_KINDS) {
      let taken = 0
      /** Each test claims its own pending record, so the tests do not depend on their order. */
      const take = async () => {
        const page = await decoded(
          await m.get(`${api.list.path}?status=pending&assignee=unassigned&page_size=20`, m.tokens.viewer),
          Page,
        )
        const row = page.results[taken++]
        if (!row) throw new Error(`no unclaimed pending ${kind} left`)
        return row
      }
      const assign = (uuid: string, token: string) => m.post(pathOf(api.assign, uuid), token)
      const unassign = (uuid: string, token: string) => m.post(pathOf(api.unassign, uuid), token)

      it(`${kind}: assign claims the record for the caller, once, with an audit entry`, async () => {
        const target = await take()
        expect(target.assignee).toBeNull()
        const before = Date.now()
        const claimed = await decoded(await assign(target.uuid, m.tokens.coordinator), Detail)
        expect(claimed.assignee?.full_name).toBe("Corey Coordinator")
        expect(Date.parse(claimed.assignee?.assigned_at ?? "")).toBeGreaterThanOrEqual(before - 1000)
        expect(claimed.status).toBe(target.status)
        expect(claimed.audit.at(-1)).toMatchObject({
          action: "assigned",
          actor_name: "Corey Coordinator",
          from_status: "pending",
          to_status: "pending",
          details: {},
        })
        // The same person again: nothing changes and nothing more is audited.
        const again = await decoded(await assign(target.uuid, m.tokens.coordinator), Detail)
        expect(again.assignee).toEqual(claimed.assignee)
        expect(again.audit).toHaveLength(claimed.audit.length)
      })

      it(`${kind}: assigning a record someone holds takes it over and names who held it`, async () => {
        const target = await take()
        await decoded(await assign(target.uuid, m.tokens.coordinator), Detail)
        const taken = await decoded(await assign(target.uuid, m.tokens.coordinator2), Detail)
        expect(taken.assignee?.full_name).toBe("Cora Second")
        expect(taken.audit.at(-1)).toMatchObject({
          action: "assigned",
          actor_name: "Cora Second",
          details: { previous_assignee: { full_name: "Corey Coordinator" } },
        })
      })

      it(`${kind}: unassign releases anyone's claim; releasing nothing changes nothing`, async () => {
        const target = await take()
        await decoded(await assign(target.uuid, m.tokens.coordinator2), Detail)
        const released = await decoded(await unassign(target.uuid, m.tokens.admin), Detail)
        expect(released.assignee).toBeNull()
        expect(released.audit.at(-1)).toMatchObject({
          action: "unassigned",
          actor_name: "Ada Admin",
          details: { previous_assignee: { full_name: "Cora Second" } },
        })
        const again = await decoded(await unassign(target.uuid, m.tokens.admin), Detail)
        expect(again.audit).toHaveLength(released.audit.length)
        // One's own release names nobody else.
        await decoded(await assign(target.uuid, m.tokens.coordinator), Detail)
        const own = await decoded(await unassign(target.uuid, m.tokens.coordinator), Detail)
        expect(own.audit.at(-1)).toMatchObject({ action: "unassigned", details: {} })
      })

      it(`${kind}: a claim guards nothing: someone else may still decide the record`, async () => {
        const target = await take()
        await decoded(await assign(target.uuid, m.tokens.coordinator), Detail)
        const decided = await decoded(
          await m.post(pathOf(decideCall, target.uuid), m.tokens.coordinator2),
          Detail,
        )
        expect(decided.status).not.toBe("pending")
        expect(decided.assignee?.full_name).toBe("Corey Coordinator")
      })

      it(`${kind}: the lists filter by assignee: mine, unassigned, all`, async () => {
        const target = await take()
        await decoded(await assign(target.uuid, m.tokens.coordinator2), Detail)
        const list = async (filter: string, token: string) =>
          decoded(
            await m.get(`${api.list.path}?status=pending&assignee=${filter}&page_size=100`, token),
            Page,
          )
        const mine = await list("mine", m.tokens.coordinator2)
        expect(mine.results.length).toBeGreaterThan(0)
        expect(mine.results.every((r) => r.assignee?.full_name === "Cora Second")).toBe(true)
        expect(mine.results.map((r) => r.uuid)).toContain(target.uuid)
        const others = await list("mine", m.tokens.viewer)
        expect(others.results.map((r) => r.uuid)).not.toContain(target.uuid)
        const unassigned = await list("unassigned", m.tokens.coordinator2)
        expect(unassigned.results.every((r) => r.assignee === null)).toBe(true)
        expect(unassigned.results.map((r) => r.uuid)).not.toContain(target.uuid)
        const all = await decoded(
          await m.get(`${api.list.path}?status=pending&page_size=1`, m.tokens.viewer),
          Page,
        )
        const counted = await decoded(
          await m.get(`${api.list.path}?status=pending&assignee=all&page_size=1`, m.tokens.viewer),
          Page,
        )
        expect(counted.count).toBe(all.count)
        expect(mine.count + unassigned.count).toBeLessThanOrEqual(all.count)
        await expectDetail(
          await m.get(`${api.list.path}?assignee=someone`, m.tokens.viewer),
          400,
          /^assignee: /,
        )
      })

      it(`${kind}: a read-only user gets 403, nobody signed in 401, an unknown record 404`, async () => {
        const target = await take()
        await expectDetail(await assign(target.uuid, m.tokens.viewer), 403, /permission/)
        await expectDetail(await unassign(target.uuid, m.tokens.viewer), 403, /permission/)
        await expectDetail(await m.post(pathOf(api.assign, target.uuid), undefined), 401)
        await expectDetail(await assign(UNKNOWN_UUID, m.tokens.coordinator), 404, /^Not found\.$/)
        for (const bad of MALFORMED_IDS) await expectDetail(await unassign(bad, m.tokens.coordinator), 404)
      })

      it(`${kind}: every signed-in socket hears the claim once, as record.changed with the row's assignee`, async () => {
        const target = await take()
        const watcher = openSocket(m.server.url, { token: m.tokens.viewer })
        sockets.push(watcher)
        await watcher.next("connection_established")
        await decoded(await assign(target.uuid, m.tokens.coordinator), Detail)
        const claimed = await watcher.next("record.changed", (f) => f.uuid === target.uuid)
        expect(claimed).toMatchObject({
          kind,
          change: "assigned",
          actor: { full_name: "Corey Coordinator" },
          record: { uuid: target.uuid, assignee: { full_name: "Corey Coordinator" } },
        })
        await decoded(await unassign(target.uuid, m.tokens.coordinator), Detail)
        const released = await watcher.next("record.changed", (f) => f.uuid === target.uuid)
        expect(released).toMatchObject({ kind, change: "unassigned", record: { assignee: null } })
        // An idempotent repeat tells nobody anything, and no other frame repeats the claim.
        await decoded(await unassign(target.uuid, m.tokens.coordinator), Detail)
        await watcher.settle()
        const about = watcher.pending().filter((f) => "uuid" in f && f.uuid === target.uuid)
        expect(about).toEqual([])
      })
    }
  })
}
