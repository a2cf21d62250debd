// Serving stored documents to staff: the list with signed links, the bytes by link or bearer, the headers that
// keep a file inert, byte ranges, and the refusals (no credentials, a forged or expired link, a document asked
// for under another record's id, a reader without the right to decide).
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { samplePdf } from "../../../server/documents/sample-files"
import { DocumentList, UploadResult } from "../../../src/schema/documents/document"
import { DOCUMENT_LIMITS } from "../../../src/schema/documents/kinds"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"
import {
  applicationDocuments,
  documentsOf,
  INSURANCE,
  KEY,
  PNG,
  uploadForm,
  workPhotos,
} from "./upload-client"

const pgUp = await postgresAvailable()
/** Over several stored chunks, so that ranges cross chunk boundaries. */
const LARGE = samplePdf(["Large certificate"], 1_500_000)

/** The link with its signature's first character changed: always a different one, so never still valid. */
function forgedSignature(query: string): string {
  return query.replace(/signature=(.)/, (_, first: string) => `signature=${first === "A" ? "B" : "A"}`)
}

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`serving documents on ${backend}`, () => {
    let m: MarketplaceServer
    let application = ""
    let work = ""
    let list: DocumentList

    beforeAll(async () => {
      process.env.INTAKE_KEY = KEY
      m = await startMarketplace(backend)
      const db = m.server.database.db
      application = (await db.selectFrom("company_application").select("uuid").executeTakeFirstOrThrow()).uuid
      work = (await db.selectFrom("service_request").select("uuid").executeTakeFirstOrThrow()).uuid
      await db.deleteFrom("record_document").where("record_uuid", "in", [application, work]).execute()
      const form = uploadForm([INSURANCE], [{ name: "Insurance “2031”.pdf", bytes: LARGE }])
      await decoded(
        await m.server.fetch(applicationDocuments(application), {
          method: "POST",
          body: form,
          headers: { "x-intake-key": KEY },
        }),
        UploadResult,
        201,
      )
      const photo = uploadForm(undefined, [{ name: "leak.png", bytes: PNG }])
      await m.server.fetch(workPhotos(work), {
        method: "POST",
        body: photo,
        headers: { "x-intake-key": KEY },
      })
      list = await decoded(await m.get(documentsOf(application), m.tokens.coordinator), DocumentList)
    })
    afterAll(async () => {
      delete process.env.INTAKE_KEY
      await m?.close()
    })

    const first = () => {
      const document = list.documents[0]
      if (!document) throw new Error("no document listed")
      return document
    }

    it("lists a record's documents with links that open without the bearer token", async () => {
      expect(list.documents.map((d) => [d.kind, d.file_name, d.size])).toEqual([
        ["insurance", "Insurance “2031”.pdf", LARGE.length],
      ])
      const response = await m.server.fetch(first().url)
      expect(response.status).toBe(200)
      expect(Buffer.from(await response.arrayBuffer()).equals(LARGE)).toBe(true)
      expect(
        Object.fromEntries(
          [
            "content-type",
            "x-content-type-options",
            "content-security-policy",
            "accept-ranges",
            "content-length",
          ].map((h) => [h, response.headers.get(h)]),
        ),
      ).toEqual({
        "content-type": "application/pdf",
        "x-content-type-options": "nosniff",
        "content-security-policy": "sandbox",
        "accept-ranges": "bytes",
        "content-length": String(LARGE.length),
      })
      expect(response.headers.get("content-disposition")).toBe(
        `inline; filename="Insurance _2031_.pdf"; filename*=UTF-8''${encodeURIComponent("Insurance “2031”.pdf")}`,
      )
      expect(response.headers.get("cache-control")).toMatch(/^private\b/)
      const download = await m.server.fetch(`${first().url}&download=1`)
      expect(download.headers.get("content-disposition")).toMatch(/^attachment; /)
      await download.arrayBuffer()
    })

    it("serves byte ranges across stored chunks (206), and 416 past the end", async () => {
      const part = await m.server.fetch(first().url, { headers: { range: "bytes=524200-524399" } })
      expect(part.status).toBe(206)
      expect(part.headers.get("content-range")).toBe(`bytes 524200-524399/${LARGE.length}`)
      expect(Buffer.from(await part.arrayBuffer()).equals(LARGE.subarray(524200, 524400))).toBe(true)
      const tail = await m.server.fetch(first().url, { headers: { range: "bytes=-100" } })
      expect(Buffer.from(await tail.arrayBuffer()).equals(LARGE.subarray(LARGE.length - 100))).toBe(true)
      const past = await m.server.fetch(first().url, { headers: { range: `bytes=${LARGE.length}-` } })
      expect(past.status).toBe(416)
      expect(past.headers.get("content-range")).toBe(`bytes */${LARGE.length}`)
      await past.text()
    })

    it("serves the bytes to a staff bearer token as well", async () => {
      const path = first().url.split("?")[0] ?? ""
      const response = await m.get(path, m.tokens.admin)
      expect(response.status).toBe(200)
      expect((await response.arrayBuffer()).byteLength).toBe(LARGE.length)
    })

    it("refuses without credentials (401), a forged or expired link (401), a reader (403)", async () => {
      const [path = "", query = ""] = first().url.split("?")
      await expectDetail(await m.server.fetch(path), 401)
      await expectDetail(await m.server.fetch(`${path}?${forgedSignature(query)}`), 401, /not valid/)
      await expectDetail(await m.get(path, m.tokens.viewer), 403)
      await expectDetail(await m.get(documentsOf(application), m.tokens.viewer), 403)
      await expectDetail(await m.get(documentsOf(application)), 401)
      m.server.clock.advance((DOCUMENT_LIMITS.linkTtlSeconds + 1) * 1000)
      try {
        await expectDetail(await m.server.fetch(first().url), 401, /expired/)
      } finally {
        m.server.clock.advance(-(DOCUMENT_LIMITS.linkTtlSeconds + 1) * 1000)
      }
    })

    it("answers 404 for a document asked for under another record's id, and for unknown records", async () => {
      const path = first().url.replace(application, work)
      await expectDetail(await m.server.fetch(path), 401)
      await expectDetail(await m.get(path.split("?")[0] ?? "", m.tokens.admin), 404)
      await expectDetail(
        await m.get(documentsOf("00000000-0000-4000-8000-000000000000"), m.tokens.admin),
        404,
      )
      await expectDetail(await m.get(documentsOf("junk"), m.tokens.admin), 404)
      await expectDetail(await m.get(`${documentsOf(application)}junk/`, m.tokens.admin), 404)
    })
  })
}
