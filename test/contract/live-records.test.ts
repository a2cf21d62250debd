// The `record.changed` socket message: every marketplace change (intake, decision, reopen, providers chosen)
// reaches every signed-in socket, with the record as the lists show it and who made the change; a refused
// change sends nothing. On PGlite and PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { RecordChangedMessage } from "../../src/schema/live/socket"
import { CandidateList } from "../../src/schema/marketplace/candidates"
import { WorkRequestPage } from "../../src/schema/marketplace/record-pages"
import { BACKENDS, postgresAvailable } from "./harness"
import { decoded, type MarketplaceServer, startMarketplace } from "./marketplace-fixture"
import { openSocket, type TestSocket } from "./notifications-socket-client"

const pgUp = await postgresAvailable()
const WORK = "/api/v1/work-requests/"
const APPLICATIONS = "/api/v1/company-applications/"

const workIntake = {
  title: "Live: cracked pane",
  description: "Front window.",
  customer_name: "Robin Live",
  address: "3 Mill Lane, Leeds",
  area: "Leeds",
  service_category: "glazing",
  urgency: "normal",
}

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`record.changed on ${backend}`, () => {
    let m: MarketplaceServer
    const sockets: TestSocket[] = []
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterEach(async () => {
      await Promise.all(sockets.splice(0).map((s) => s.close()))
    })
    afterAll(() => m?.close())

    const connect = async (token: string) => {
      const socket = openSocket(m.server.url, { token, origin: m.server.origin })
      sockets.push(socket)
      await socket.next("connection_established")
      return socket
    }
    const pendingWork = async () => {
      const page = await decoded(
        await m.get(`${WORK}?status=pending&page_size=1`, m.tokens.viewer),
        WorkRequestPage,
      )
      const row = page.results[0]
      if (!row) throw new Error("no pending work request left")
      return row
    }
    const changeOf = (socket: TestSocket, uuid: string, change: RecordChangedMessage["change"]) =>
      socket.next("record.changed", (msg) => msg.uuid === uuid && msg.change === change)

    it("an approval reaches every signed-in socket, the actor's own and a read-only user's, with the list row", async () => {
      const [viewer, coordinator, admin] = await Promise.all([
        connect(m.tokens.viewer),
        connect(m.tokens.coordinator),
        connect(m.tokens.admin),
      ])
      const target = await pendingWork()
      expect((await m.post(`${WORK}${target.uuid}/approve/`, m.tokens.coordinator)).status).toBe(200)
      for (const socket of [viewer, coordinator, admin]) {
        const msg = await changeOf(socket, target.uuid, "approved")
        expect(msg).toMatchObject({
          kind: "work",
          status: "approved",
          actor: { full_name: "Corey Coordinator" },
          record: { uuid: target.uuid, status: "approved", kind: "work" },
        })
        expect(msg.actor.id).toBeTypeOf("number")
        expect(msg.record.decided_by?.full_name).toBe("Corey Coordinator")
      }
      // The list row sent is the one the list endpoint now returns.
      const list = await decoded(
        await m.get(`${WORK}?status=approved&page_size=100`, m.tokens.viewer),
        WorkRequestPage,
      )
      const row = list.results.find((r) => r.uuid === target.uuid)
      const sent = await changeOf(viewer, target.uuid, "approved").catch(() => null)
      expect(sent).toBeNull() // taken above: exactly one frame per change per socket
      expect(row).toBeDefined()
    })

    it("a rejection, a reopen and a refused second decision", async () => {
      const viewer = await connect(m.tokens.viewer)
      const target = await pendingWork()
      await m.post(`${WORK}${target.uuid}/reject/`, m.tokens.coordinator2, { reason: "Duplicate" })
      const rejected = await changeOf(viewer, target.uuid, "rejected")
      expect(rejected).toMatchObject({ status: "rejected", actor: { full_name: "Cora Second" } })
      expect(rejected.record.reason).toBe("Duplicate")

      // Too late: nothing changed, so nothing is sent.
      expect((await m.post(`${WORK}${target.uuid}/approve/`, m.tokens.coordinator)).status).toBe(409)
      await viewer.settle()
      expect(viewer.pending().filter((msg) => msg.type === "record.changed")).toEqual([])

      await m.post(`${WORK}${target.uuid}/reopen/`, m.tokens.admin, { reason: "Not a duplicate" })
      const reopened = await changeOf(viewer, target.uuid, "reopened")
      expect(reopened).toMatchObject({ status: "pending", actor: { full_name: "Ada Admin" } })
      expect(reopened.record.decided_by).toBeNull()
    })

    it("an application accepted, and providers chosen for a request", async () => {
      const viewer = await connect(m.tokens.viewer)
      const apps = (await (
        await m.get(`${APPLICATIONS}?status=pending&page_size=1`, m.tokens.viewer)
      ).json()) as {
        results: Array<{ uuid: string }>
      }
      const app = apps.results[0]
      if (!app) throw new Error("no pending application")
      await m.post(`${APPLICATIONS}${app.uuid}/accept/`, m.tokens.coordinator)
      expect(await changeOf(viewer, app.uuid, "accepted")).toMatchObject({
        kind: "application",
        status: "accepted",
        record: { uuid: app.uuid, status: "accepted" },
      })

      // Any approved request with a candidate will do.
      const approved = await decoded(
        await m.get(`${WORK}?status=approved&page_size=50`, m.tokens.viewer),
        WorkRequestPage,
      )
      let target: { uuid: string } | undefined
      let first: { uuid: string; company_name: string } | undefined
      for (const row of approved.results) {
        const list = await decoded(
          await m.get(`${WORK}${row.uuid}/providers/`, m.tokens.coordinator),
          CandidateList,
        )
        first = list.results.find((c) => !c.selected)
        target = row
        if (first) break
      }
      if (!first || !target) throw new Error("no approved request with a candidate provider")
      const chosen = await m.post(`${WORK}${target.uuid}/select-providers/`, m.tokens.coordinator, {
        provider_ids: [first.uuid],
      })
      expect(chosen.status).toBe(200)
      const msg = await changeOf(viewer, target.uuid, "providers_selected")
      expect("selected_providers" in msg.record && msg.record.selected_providers).toEqual([
        { uuid: first.uuid, company_name: first.company_name },
      ])
    })

    it("a new intake is announced with the submitter as actor, without a user id", async () => {
      const viewer = await connect(m.tokens.viewer)
      const response = await m.post("/api/v1/intake/work-requests/", m.tokens.admin, workIntake)
      expect(response.status).toBe(201)
      const { uuid } = (await response.json()) as { uuid: string }
      expect(await changeOf(viewer, uuid, "submitted")).toMatchObject({
        status: "pending",
        actor: { id: null, full_name: "Robin Live" },
        record: { title: workIntake.title, status: "pending" },
      })
    })
  })
}
