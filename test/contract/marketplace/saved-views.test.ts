// Saved views: one's own and the team's shared ones, who may share, rename and delete, names that are taken,
// queries the list would refuse, and the roles.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { savedViewsApi } from "../../../src/schema/api/saved-views"
import { SavedView, SavedViewPage } from "../../../src/schema/marketplace/saved-views"
import { BACKENDS, postgresAvailable } from "../harness"
import {
  decoded,
  expectDetail,
  type MarketplaceServer,
  startMarketplace,
  UNKNOWN_UUID,
} from "../marketplace-fixture"

const pgUp = await postgresAvailable()
const V = savedViewsApi.endpoints.list.path

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`saved views on ${backend}`, () => {
    let m: MarketplaceServer
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterAll(() => m?.close())

    const create = async (token: string, body: Record<string, unknown>, status = 201) =>
      m
        .post(V, token, { list: "work:pending", query: "", ...body })
        .then((r) => (status === 201 ? decoded(r, SavedView, 201) : Promise.reject(r)))
    const listOf = async (token: string, query = "") =>
      (await decoded(await m.get(`${V}${query}`, token), SavedViewPage)).results
    const patch = (path: string, token: string, json: unknown) =>
      m.server.call(path, { method: "PATCH", bearer: token, json })

    it("keeps a user's own view to them and shows a shared one to everybody", async () => {
      const own = await create(m.tokens.coordinator, {
        name: "My emergencies",
        query: "urgency=emergency&ordering=-urgency",
      })
      expect(own).toMatchObject({
        shared: false,
        editable: true,
        query: "urgency=emergency&ordering=-urgency",
      })
      const team = await create(m.tokens.coordinator, {
        name: "Leeds plumbing",
        query: "?area=Leeds&service=plumbing",
        shared: true,
      })
      expect(team.query).toBe("area=Leeds&service=plumbing")
      const mine = (await listOf(m.tokens.coordinator, "?list=work:pending")).map((v) => v.name)
      expect(mine).toEqual(["Leeds plumbing", "My emergencies"])
      const theirs = await listOf(m.tokens.coordinator2)
      expect(theirs.map((v) => v.name)).toEqual(["Leeds plumbing"])
      expect(theirs[0]?.editable).toBe(false)
      // An admin manages the shared ones.
      expect((await listOf(m.tokens.admin)).find((v) => v.uuid === team.uuid)?.editable).toBe(true)
      expect(await listOf(m.tokens.coordinator, "?list=maintenance:pending")).toEqual([])
    })

    it("409 for a name taken in the same list, whatever its case; another list is free", async () => {
      await create(m.tokens.coordinator2, { name: "Overdue" })
      await expectDetail(
        await m.post(V, m.tokens.coordinator2, { list: "work:pending", query: "", name: "overdue " }),
        409,
        /^You already have a view called “overdue” in this list\.$/,
      )
      await create(m.tokens.coordinator2, { name: "Overdue", list: "maintenance:pending" })
      // Someone else's private view does not take the name.
      await create(m.tokens.coordinator, { name: "Overdue" })
      await create(m.tokens.coordinator, { name: "Team overdue", shared: true })
      await expectDetail(
        await m.post(V, m.tokens.admin, {
          list: "work:pending",
          query: "",
          name: "TEAM OVERDUE",
          shared: true,
        }),
        409,
        /shared with the team is already called/,
      )
    })

    it("400 for a query the list would refuse, naming the parameter", async () => {
      const bad = [
        ["urgency=urgentish", /^urgency: /],
        ["status=pending", /^status: Unknown field\.$/],
        ["page=2", /^page: Unknown field\.$/],
        ["submitted_from=2025-03-02&submitted_to=2025-03-01", /^submitted_to: /],
        ["area=Leeds&area=York", /^query: area is given twice\.$/],
      ] as const
      for (const [query, detail] of bad)
        await expectDetail(
          await m.post(V, m.tokens.coordinator, { list: "work:pending", query, name: "x" }),
          400,
          detail,
        )
      await expectDetail(
        await m.post(V, m.tokens.coordinator, {
          list: "application:pending",
          query: "urgency=high",
          name: "x",
        }),
        400,
        /^urgency: Unknown field\.$/,
      )
      await expectDetail(
        await m.post(V, m.tokens.coordinator, { list: "work:all", query: "", name: "x" }),
        400,
        /^list: /,
      )
      await expectDetail(
        await m.post(V, m.tokens.coordinator, { list: "work:pending", query: "", name: " " }),
        400,
        /^name: /,
      )
    })

    it("only staff share; anyone signed in keeps their own; 401 unsigned", async () => {
      await expectDetail(
        await m.post(V, m.tokens.viewer, { list: "work:pending", query: "", name: "Mine", shared: true }),
        403,
        /^Only coordinators and admins can share a view with the team\.$/,
      )
      await create(m.tokens.viewer, { name: "Mine" })
      await expectDetail(await m.get(V), 401)
      await expectDetail(await m.post(V, undefined, { list: "work:pending", query: "", name: "x" }), 401)
    })

    it("renames and deletes: the owner, or an admin for a shared view; others 403 or 404", async () => {
      const own = await create(m.tokens.coordinator, { name: "To rename" })
      const team = await create(m.tokens.coordinator, { name: "Team view", shared: true })
      const renamed = await decoded(
        await patch(`${V}${own.uuid}/`, m.tokens.coordinator, { name: "Renamed" }),
        SavedView,
      )
      expect(renamed.name).toBe("Renamed")
      await expectDetail(
        await patch(`${V}${own.uuid}/`, m.tokens.coordinator, { name: "My emergencies" }),
        409,
      )
      // Someone else's private view is not there for them.
      await expectDetail(await patch(`${V}${own.uuid}/`, m.tokens.coordinator2, { name: "Mine now" }), 404)
      await expectDetail(await m.post(`${V}${own.uuid}/delete/`, m.tokens.admin), 404)
      // A shared one is: a coordinator who does not own it may not change it; an admin may.
      await expectDetail(await patch(`${V}${team.uuid}/`, m.tokens.coordinator2, { name: "Ours" }), 403)
      await expectDetail(await m.post(`${V}${team.uuid}/delete/`, m.tokens.coordinator2), 403)
      await decoded(
        await patch(`${V}${team.uuid}/`, m.tokens.admin, { name: "Team view (admin)" }),
        SavedView,
      )
      const left = await decoded(await m.post(`${V}${team.uuid}/delete/`, m.tokens.admin), SavedViewPage)
      expect(left.results.some((v) => v.uuid === team.uuid)).toBe(false)
      expect((await listOf(m.tokens.coordinator)).some((v) => v.uuid === team.uuid)).toBe(false)
      await decoded(await m.post(`${V}${own.uuid}/delete/`, m.tokens.coordinator), SavedViewPage)
      await expectDetail(await m.post(`${V}${own.uuid}/delete/`, m.tokens.coordinator), 404)
      await expectDetail(await m.post(`${V}${UNKNOWN_UUID}/delete/`, m.tokens.coordinator), 404)
      await expectDetail(await m.post(`${V}not-a-uuid/delete/`, m.tokens.coordinator), 404)
      await expectDetail(await patch(`${V}${own.uuid}/`, m.tokens.coordinator, { name: "x", extra: 1 }), 400)
    })
  })
}
