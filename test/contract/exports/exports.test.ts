// CSV exports: every row of a list's view in the view's order (the list's own pages, concatenated), the
// file's form, who may export what, the download address's limits, and an export the client abandons.
import { get } from "node:http"
import { Schema } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RequestPage } from "../../../src/schema/api/requests"
import { ExportLink } from "../../../src/schema/exports/exports"
import { CompanyApplicationPage as ApplicationPage } from "../../../src/schema/marketplace/record-pages"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"

const pgUp = await postgresAvailable()
const BATCH_ROWS = 7
const EXPORTS = "/api/v1/exports/"
const FILLER = "00000000-0000-4000-8000-000000000000"

/** RFC 4180 read back: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ""
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ",") {
      row.push(field)
      field = ""
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field)
      rows.push(row)
      row = []
      field = ""
      i++
    } else field += c
  }
  if (field !== "" || row.length > 0)
    throw new Error(`the file does not end with CRLF: ${JSON.stringify(field)}`)
  return rows
}

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`CSV exports on ${backend}`, () => {
    let m: MarketplaceServer
    let previousBatch: string | undefined
    beforeAll(async () => {
      previousBatch = process.env.EXPORT_BATCH_ROWS
      process.env.EXPORT_BATCH_ROWS = String(BATCH_ROWS)
      m = await startMarketplace(backend)
    })
    afterAll(async () => {
      if (previousBatch === undefined) delete process.env.EXPORT_BATCH_ROWS
      else process.env.EXPORT_BATCH_ROWS = previousBatch
      await m?.close()
    })

    const link = async (token: string, view: unknown) =>
      decoded(await m.post(EXPORTS, token, view), ExportLink, 201)
    const download = async (token: string, view: unknown) => {
      const { url } = await link(token, view)
      const response = await m.server.call(url)
      const bytes = Buffer.from(await response.arrayBuffer())
      return { response, bytes, rows: parseCsv(bytes.toString("utf8").replace(/^\uFEFF/, "")) }
    }
    /** Every page of a list, in order: the uuids the list shows. */
    const listUuids = async (path: string, token: string, schema: Schema.ConstraintDecoder<unknown>) => {
      const uuids: string[] = []
      for (let page = 1; ; page++) {
        const sep = path.includes("?") ? "&" : "?"
        const body = await decoded(await m.get(`${path}${sep}page=${page}&page_size=9`, token), schema)
        const { results, next } = body as { results: ReadonlyArray<{ uuid: string }>; next: string | null }
        uuids.push(...results.map((r) => r.uuid))
        if (next === null) return uuids
      }
    }

    const VIEWS = [
      { source: "work", query: {} },
      { source: "work", query: { status: "pending" } },
      { source: "work", query: { status: "approved", ordering: "decided_at" } },
      { source: "maintenance", query: { ordering: "-decided_at" } },
      { source: "maintenance", query: { ordering: "-budget" } },
      { source: "maintenance", query: { ordering: "urgency", search: "a" } },
      { source: "work", query: { ordering: "title", assignee: "unassigned" } },
      { source: "application", query: {} },
      { source: "application", query: { status: "pending", ordering: "-company_name" } },
    ] as const
    const BASE = {
      work: "/api/v1/work-requests/",
      maintenance: "/api/v1/maintenance-requests/",
      application: "/api/v1/company-applications/",
    } as const

    for (const view of VIEWS)
      it(`exports exactly the rows of ${view.source} ${JSON.stringify(view.query)}, all pages, in order`, async () => {
        const token = m.tokens.coordinator
        const query = new URLSearchParams(view.query).toString()
        const schema = view.source === "application" ? ApplicationPage : RequestPage
        const expected = await listUuids(`${BASE[view.source]}${query ? `?${query}` : ""}`, token, schema)
        expect(expected.length).toBeGreaterThan(BATCH_ROWS)
        const { response, rows } = await download(token, { source: view.source, ...view.query })
        expect(response.status).toBe(200)
        const [header, ...body] = rows
        expect(header?.[0]).toBe("Reference")
        expect(body.map((r) => r[0])).toEqual(expected)
      })

    it("writes UTF-8 with a byte-order mark, CRLF line ends, and names the file", async () => {
      const { response, bytes } = await download(m.tokens.coordinator, { source: "work", status: "pending" })
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8")
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="work-requests-pending-\d{4}-\d{2}-\d{2}\.csv"$/,
      )
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      expect(bytes.toString("utf8").split("\r\n")[0]).toBe(
        "\uFEFFReference,Title,Customer,Address or site,Area,Service,Urgency,Status,Submitted,Decided,Decided by,Reason,Assignee,Budget (GBP),Preferred from,Preferred to,Selected providers",
      )
    })

    it("escapes a title that a spreadsheet would run as a formula", async () => {
      const row = await m.server.database.db
        .selectFrom("service_request")
        .select(["id", "uuid", "title"])
        .where("kind", "=", "work")
        .orderBy("id")
        .executeTakeFirstOrThrow()
      await m.server.database.db
        .updateTable("service_request")
        .set({ title: '=HYPERLINK("http://evil.example","Click")' })
        .where("id", "=", row.id)
        .execute()
      try {
        const { rows } = await download(m.tokens.coordinator, { source: "work" })
        const found = rows.find((r) => r[0] === row.uuid)
        expect(found?.[1]).toBe(`'=HYPERLINK("http://evil.example","Click")`)
      } finally {
        await m.server.database.db
          .updateTable("service_request")
          .set({ title: row.title })
          .where("id", "=", row.id)
          .execute()
      }
    })

    it("exports the caller's own inbox and, for staff, the audit trail newest first", async () => {
      const inbox = await download(m.tokens.coordinator, { source: "notifications" })
      expect(inbox.response.status).toBe(200)
      expect(inbox.rows[0]?.[0]).toBe("Id")
      const listed = await decoded(
        await m.get("/api/v1/notifications/?page_size=100", m.tokens.coordinator),
        Schema.Struct({ results: Schema.Array(Schema.Struct({ id: Schema.Number })) }),
      )
      expect(inbox.rows.slice(1).map((r) => Number(r[0]))).toEqual(listed.results.map((n) => n.id))

      const audit = await download(m.tokens.admin, { source: "audit" })
      const ids = audit.rows.slice(1).map((r) => Number(r[0]))
      expect(ids.length).toBeGreaterThan(BATCH_ROWS)
      expect(ids).toEqual([...ids].sort((a, b) => b - a))
    })

    it("refuses without sign-in (401), the audit trail to a read-only user (403), and bad views (400)", async () => {
      await expectDetail(await m.post(EXPORTS, undefined, { source: "work" }), 401)
      await expectDetail(await m.post(EXPORTS, m.tokens.viewer, { source: "audit" }), 403, /audit trail/)
      await expectDetail(await m.post(EXPORTS, m.tokens.viewer, { source: "nothing" }), 400)
      await expectDetail(
        await m.post(EXPORTS, m.tokens.viewer, { source: "work", ordering: "password" }),
        400,
        /ordering/,
      )
      // A read-only user may export what they may read.
      expect((await download(m.tokens.viewer, { source: "work" })).response.status).toBe(200)
    })

    it("refuses a download address that is missing, forged, expired or of a signed-out session (401)", async () => {
      const path = "/api/v1/exports/download/"
      await expectDetail(await m.server.call(path), 401, /no token/)
      const { url } = await link(m.tokens.coordinator, { source: "work" })
      const token = new URL(url, m.server.url).searchParams.get("token") ?? ""
      const forged = `${token.slice(0, -4)}AAAA`
      await expectDetail(await m.server.call(`${path}?token=${forged}`), 401, /expired or is not valid/)
      await expectDetail(await m.server.call(`${path}?token=${m.tokens.coordinator}`), 401)

      m.server.clock.advance(61_000)
      await expectDetail(await m.server.call(url), 401, /expired/)

      const session = await m.server.login("coordinator@example.com", "coordinator-demo-1")
      const fresh = await link(session.access, { source: "work" })
      expect(
        (await m.server.call("/api/company/logout/", { method: "POST", cookie: session.cookie })).status,
      ).toBe(200)
      await expectDetail(await m.server.call(fresh.url), 401)
    })

    it("stops reading the database when the client abandons the download", async () => {
      const db = m.server.database.db
      const total = 30_000
      await sql`
        insert into marketplace_audit (record_kind, record_uuid, record_title, actor_name, action, details, at)
        select 'work_request', ${FILLER}, 'A filler record with a title long enough to make the file large',
          'Filler', 'submitted', '{}', now()
        from generate_series(1, ${total})`.execute(db)
      const { url } = await link(m.tokens.admin, { source: "audit", record: FILLER })
      // node:http rather than fetch: fetch's pool may open a spare connection that would outlive the test.
      const firstChunk = await new Promise<Buffer>((resolve, reject) => {
        const request = get(new URL(url, m.server.url), (response) => {
          response.once("data", (chunk: Buffer) => {
            request.destroy()
            resolve(chunk)
          })
        })
        request.on("error", (error) => {
          if (!request.destroyed) reject(error)
        })
      })
      expect(firstChunk.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
      await expect.poll(() => m.server.logs(), { timeout: 10_000 }).toMatch(/export stopped early/)
      const line =
        m.server
          .logs()
          .split("\n")
          .find((l) => l.includes("export stopped early")) ?? ""
      const rows = Number(/"rows":(\d+)/.exec(line)?.[1])
      expect(rows).toBeLessThan(total)
      await db.deleteFrom("marketplace_audit").where("actor_name", "=", "Filler").execute()
    })
  })
}
