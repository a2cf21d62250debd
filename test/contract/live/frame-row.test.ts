// A record's `record.changed` frame carries the record exactly as the list returns it, the same JSON text,
// whichever way the instance read it: a request's entry and row in one statement, another kind's in two.
// Checked on a request with chosen providers (every column its list row reads besides the row) and on an
// application, as sent (not decoded, which would drop or reorder fields). On PGlite and PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { CandidateList } from "../../../src/schema/marketplace/candidates"
import { CompanyApplicationPage, WorkRequestPage } from "../../../src/schema/marketplace/record-pages"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"
import { socketUrl } from "../notifications-socket-client"

const pgUp = await postgresAvailable()
const WORK = "/api/v1/work-requests/"
const APPLICATIONS = "/api/v1/company-applications/"

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`a frame's row is the list's on ${backend}`, () => {
    let m: MarketplaceServer
    const sockets: WebSocket[] = []
    beforeAll(async () => {
      m = await startMarketplace(backend)
    })
    afterEach(async () => {
      for (const socket of sockets.splice(0)) socket.close()
    })
    afterAll(() => m?.close())

    /** A viewer's socket, keeping each frame as parsed from its text, in order. */
    const connect = async () => {
      const socket = new WebSocket(socketUrl(m.server.url, m.tokens.viewer), { origin: m.server.origin })
      sockets.push(socket)
      const frames: Array<Record<string, unknown>> = []
      socket.on("message", (data) => frames.push(JSON.parse(String(data))))
      await expect.poll(() => frames.some((f) => f.type === "connection_established")).toBe(true)
      return frames
    }
    /** The frame naming this change of the record, as sent. */
    const frameOf = async (frames: Array<Record<string, unknown>>, uuid: string, change: string) => {
      const find = () =>
        frames.find((f) => f.type === "record.changed" && f.uuid === uuid && f.change === change)
      await expect.poll(() => find() !== undefined, { timeout: 5_000 }).toBe(true)
      return find() ?? {}
    }
    /** The record's last audit entry as its detail sends it: the frame's actor and time. */
    const lastEntry = async (path: string) => {
      const detail = (await (await m.get(path, m.tokens.viewer)).json()) as {
        audit: Array<{ at: string; actor_user_id: number | null; actor_name: string }>
      }
      const entry = detail.audit.at(-1)
      return JSON.stringify({
        actor: { id: entry?.actor_user_id, full_name: entry?.actor_name },
        at: entry?.at,
      })
    }
    /** The list's row of the record, as sent. */
    const listed = async (path: string, uuid: string) => {
      const page = (await (await m.get(path, m.tokens.viewer)).json()) as { results: Array<{ uuid: string }> }
      return page.results.find((r) => r.uuid === uuid)
    }

    it("a request with providers chosen", async () => {
      const frames = await connect()
      const approved = await decoded(
        await m.get(`${WORK}?status=approved&page_size=50`, m.tokens.viewer),
        WorkRequestPage,
      )
      let chosen: { request: string; provider: string } | undefined
      for (const row of approved.results) {
        const list = await decoded(
          await m.get(`${WORK}${row.uuid}/providers/`, m.tokens.coordinator),
          CandidateList,
        )
        const candidate = list.results.find((c) => !c.selected)
        if (candidate) {
          chosen = { request: row.uuid, provider: candidate.uuid }
          break
        }
      }
      if (!chosen) throw new Error("no approved request with a candidate provider")
      const selected = await m.post(`${WORK}${chosen.request}/select-providers/`, m.tokens.coordinator, {
        provider_ids: [chosen.provider],
      })
      expect(selected.status).toBe(200)
      const frame = await frameOf(frames, chosen.request, "providers_selected")
      const row = await listed(`${WORK}?status=approved&page_size=50`, chosen.request)
      expect(row).toMatchObject({ selected_providers: [{ uuid: chosen.provider }] })
      expect(row).not.toMatchObject({ possible_providers: 0 })
      expect(JSON.stringify(frame.record)).toBe(JSON.stringify(row))
      expect(JSON.stringify({ actor: frame.actor, at: frame.at })).toBe(
        await lastEntry(`${WORK}${chosen.request}/`),
      )
    })

    it("an application accepted", async () => {
      const frames = await connect()
      const pending = await decoded(
        await m.get(`${APPLICATIONS}?status=pending&page_size=1`, m.tokens.viewer),
        CompanyApplicationPage,
      )
      const app = pending.results[0]
      if (!app) throw new Error("no pending application")
      expect((await m.post(`${APPLICATIONS}${app.uuid}/accept/`, m.tokens.coordinator)).status).toBe(200)
      const frame = await frameOf(frames, app.uuid, "accepted")
      const row = await listed(`${APPLICATIONS}?status=accepted&ordering=-decided_at&page_size=50`, app.uuid)
      expect(row).toMatchObject({ status: "accepted" })
      expect(JSON.stringify(frame.record)).toBe(JSON.stringify(row))
      expect(JSON.stringify({ actor: frame.actor, at: frame.at })).toBe(
        await lastEntry(`${APPLICATIONS}${app.uuid}/`),
      )
    })
  })
}
