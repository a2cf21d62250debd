// Work and maintenance request lists and details: paging, status filter, search, ordering, 400 and 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { URGENCY_ORDER } from "../../src/schema/marketplace/marketplace"
import { REQUEST_ORDERING } from "../../src/schema/marketplace/marketplace-input"
import { BACKENDS, postgresAvailable } from "./harness"
import {
  decoded,
  expectDetail,
  MALFORMED_IDS,
  type MarketplaceServer,
  startMarketplace,
  UNKNOWN_UUID,
} from "./marketplace-fixture"
import { MAINTENANCE, pathOf, REQUEST_KINDS, WORK } from "./record-kinds"

const pgUp = await postgresAvailable()

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`marketplace request lists on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    for (const { kind, api, Page, Detail } of REQUEST_KINDS) {
      const list = async (query: string, token = m.tokens.viewer) =>
        decoded(await m.get(`${api.list.path}?${query}`, token), Page)

      it(`${kind}: pages carry count, next and previous, and walk the whole list once`, async () => {
        const first = await list("status=pending&page_size=7")
        expect(first.count).toBeGreaterThan(14)
        expect(first.results).toHaveLength(7)
        expect(first.previous).toBeNull()
        // Relative, like every list's links: the same path and query with another page.
        expect(first.next).toMatch(new RegExp(`^${api.list.path}\\?`))
        expect(first.next).toMatch(/page=2/)
        expect(first.next).toMatch(/status=pending/)
        const seen = first.results.map((r) => r.uuid)
        let next = first.next
        let pages = 1
        while (next !== null) {
          const page = await decoded(await m.get(next, m.tokens.viewer), Page)
          expect(page.previous).not.toBeNull()
          seen.push(...page.results.map((r) => r.uuid))
          next = page.next
          pages++
        }
        expect(pages).toBe(Math.ceil(first.count / 7))
        expect(new Set(seen).size).toBe(first.count)
        const past = await list(`status=pending&page_size=7&page=${pages + 3}`)
        expect(past.results).toEqual([])
        expect(past.previous).toMatch(new RegExp(`page=${pages}(&|$)`))
      })

      it(`${kind}: the status filter splits the list into the three queues`, async () => {
        const all = await list("page_size=1")
        let sum = 0
        for (const status of ["pending", "approved", "rejected"] as const) {
          const page = await list(`status=${status}&page_size=100`)
          expect(page.count).toBeGreaterThan(0)
          expect(page.results.every((r) => r.status === status && r.kind === kind)).toBe(true)
          sum += page.count
        }
        expect(sum).toBe(all.count)
      })

      it(`${kind}: search matches the main text fields, case-insensitively and literally`, async () => {
        const sample = (await list("page_size=100")).results
        const target = sample[Math.floor(sample.length / 2)]
        if (!target) throw new Error("no rows")
        const surname = target.customer_name.split(" ").at(-1) ?? ""
        const hits = await list(`search=${encodeURIComponent(surname.toUpperCase())}&page_size=100`)
        expect(hits.count).toBeGreaterThan(0)
        expect(hits.count).toBeLessThan(sample.length + 1000)
        expect(hits.results.map((r) => r.uuid)).toContain(target.uuid)
        for (const r of hits.results) {
          const text = [r.title, r.description, r.customer_name, r.area, "address" in r ? r.address : r.site]
          expect(text.join(" ").toLowerCase()).toContain(surname.toLowerCase())
        }
        const byTitle = await list(`search=${encodeURIComponent(target.title.slice(2, 12))}`)
        expect(byTitle.results.some((r) => r.title === target.title)).toBe(true)
        expect((await list("search=zzqx-nothing-like-this")).count).toBe(0)
        // LIKE wildcards typed by a user match themselves, not everything.
        expect((await list("search=%25")).count).toBe(0)
        // As a wildcard "o_e" would match "before", "door", "home"…; as text it matches nothing seeded.
        expect((await list("search=o_e")).count).toBe(0)
      })

      it(`${kind}: ordering by every main column, ascending and descending`, async () => {
        for (const field of REQUEST_ORDERING) {
          for (const direction of ["", "-"]) {
            const rows = (await list(`ordering=${direction}${field}&page_size=100`)).results
            const key = (r: (typeof rows)[number]): string | number | null =>
              field === "urgency" ? URGENCY_ORDER.indexOf(r.urgency) : r[field]
            const keys = rows.map(key).filter((k) => k !== null)
            const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
            expect(keys, `${direction}${field}`).toEqual(direction === "-" ? sorted.reverse() : sorted)
            // Rows without a value (no budget, not decided) come last either way.
            const firstNull = rows.findIndex((r) => key(r) === null)
            if (firstNull >= 0) expect(rows.slice(firstNull).every((r) => key(r) === null)).toBe(true)
          }
        }
      })

      it(`${kind}: a pending list is a queue (oldest first); decided lists show the latest decision first`, async () => {
        const pending = (await list("status=pending&page_size=100")).results.map((r) => r.submitted_at)
        expect(pending).toEqual([...pending].sort())
        const approved = (await list("status=approved&page_size=100")).results.map((r) => r.decided_at ?? "")
        expect(approved).toEqual([...approved].sort().reverse())
      })

      it(`${kind}: bad parameters → 400 naming the parameter`, async () => {
        const bad: Array<[string, RegExp]> = [
          ["status=done", /^status/],
          ["status=accepted", /^status/],
          ["page=0", /^page/],
          ["page=-1", /^page/],
          ["page=abc", /^page/],
          ["page=1.5", /^page/],
          ["page_size=0", /^page_size/],
          ["page_size=101", /^page_size/],
          ["ordering=colour", /^ordering/],
          ["ordering=-colour", /^ordering/],
          ["ordering=--title", /^ordering/],
          [`search=${"x".repeat(201)}`, /^search/],
          ["statuss=pending", /statuss/],
          ["page=1&page=2", /^page/],
        ]
        for (const [query, pattern] of bad)
          await expectDetail(await m.get(`${api.list.path}?${query}`, m.tokens.viewer), 400, pattern)
      })

      it(`${kind}: unknown and malformed ids → 404 on every call`, async () => {
        for (const id of [UNKNOWN_UUID, ...MALFORMED_IDS]) {
          await expectDetail(await m.get(pathOf(api.detail, id), m.tokens.viewer), 404)
          await expectDetail(await m.get(pathOf(api.candidates, id), m.tokens.viewer), 404)
          await expectDetail(await m.post(pathOf(api.approve, id), m.tokens.coordinator), 404)
          await expectDetail(
            await m.post(pathOf(api.reject, id), m.tokens.coordinator, { reason: "No" }),
            404,
          )
          await expectDetail(await m.post(pathOf(api.reopen, id), m.tokens.admin), 404)
          const select = { provider_ids: [UNKNOWN_UUID] }
          await expectDetail(await m.post(pathOf(api.selectProviders, id), m.tokens.coordinator, select), 404)
        }
        // A work request is not a maintenance request: the other list's id is unknown here.
        const other = kind === "work" ? MAINTENANCE : WORK
        const foreign = (
          await decoded(await m.get(`${other.api.list.path}?page_size=1`, m.tokens.viewer), other.Page)
        ).results[0]
        if (!foreign) throw new Error("no rows")
        await expectDetail(await m.get(pathOf(api.detail, foreign.uuid), m.tokens.viewer), 404)
      })

      it(`${kind}: the detail has the whole record, its audit trail and its providers`, async () => {
        const approved = (await list("status=approved&page_size=100")).results
        const withProviders = approved.find((r) => r.selected_providers.length > 0)
        if (!withProviders) throw new Error("the seed has approved requests with providers")
        const detail = await decoded(
          await m.get(pathOf(api.detail, withProviders.uuid), m.tokens.viewer),
          Detail,
        )
        expect(detail.uuid).toBe(withProviders.uuid)
        expect(detail.selected_providers).toEqual(withProviders.selected_providers)
        expect(detail.audit.map((a) => a.action)).toEqual(["submitted", "approved", "providers_selected"])
        const [submitted, decision, selection] = detail.audit
        expect(submitted?.actor_name).toBe(detail.customer_name)
        expect(decision).toMatchObject({ from_status: "pending", to_status: "approved" })
        expect(decision?.actor_name).toBe(detail.decided_by?.full_name)
        expect(decision?.at).toBe(detail.decided_at)
        expect(selection?.details.providers).toEqual(detail.selected_providers)
        expect(
          detail.audit.every((a) => a.record_uuid === detail.uuid && a.record_kind === `${kind}_request`),
        ).toBe(true)
      })

      it(`${kind}: signed-out callers get 401`, async () => {
        await expectDetail(await m.get(api.list.path), 401)
        await expectDetail(await m.get(pathOf(api.detail, UNKNOWN_UUID)), 401)
      })
    }
  })
}
