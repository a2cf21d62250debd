// Uploads through the intake API: what is stored (bytes, size, type, SHA-256, facts), and everything that is
// refused with nothing stored: a type judged by its bytes, a file over the limit (while it streams), too many
// files, wrong facts, a path in the file name, a truncated body, an unknown record, a stranger.
import { createHash } from "node:crypto"
import { request } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { UploadResult } from "../../../src/schema/documents/document"
import { DOCUMENT_LIMITS } from "../../../src/schema/documents/kinds"
import { BACKENDS, postgresAvailable } from "../harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"
import {
  applicationDocuments,
  INSURANCE,
  KEY,
  maintenancePhotos,
  PDF,
  PNG,
  uploadForm,
  workPhotos,
} from "./upload-client"

const pgUp = await postgresAvailable()

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`document uploads on ${backend}`, () => {
    let m: MarketplaceServer
    let application = ""
    let work = ""
    let maintenance = ""

    const send = (
      path: string,
      body: FormData | string,
      headers: Record<string, string> = { "x-intake-key": KEY },
    ) => m.server.fetch(path, { method: "POST", body, headers })
    const stored = async (uuid: string) =>
      Number(
        (
          await m.server.database.db
            .selectFrom("record_document")
            .select((eb) => eb.fn.countAll<string | number>().as("n"))
            .where("record_uuid", "=", uuid)
            .executeTakeFirstOrThrow()
        ).n,
      )
    const freshApplication = async (): Promise<string> => {
      const row = await m.server.database.db
        .selectFrom("company_application")
        .select("uuid")
        .where("status", "=", "pending")
        .where("uuid", "not in", [application])
        .orderBy("submitted_at")
        .executeTakeFirstOrThrow()
      await m.server.database.db.deleteFrom("record_document").where("record_uuid", "=", row.uuid).execute()
      return row.uuid
    }

    beforeAll(async () => {
      process.env.INTAKE_KEY = KEY
      m = await startMarketplace(backend)
      const db = m.server.database.db
      application = (
        await db
          .selectFrom("company_application")
          .select("uuid")
          .orderBy("submitted_at", "desc")
          .executeTakeFirstOrThrow()
      ).uuid
      work = (
        await db
          .selectFrom("service_request")
          .select("uuid")
          .where("kind", "=", "work")
          .executeTakeFirstOrThrow()
      ).uuid
      maintenance = (
        await db
          .selectFrom("service_request")
          .select("uuid")
          .where("kind", "=", "maintenance")
          .executeTakeFirstOrThrow()
      ).uuid
      for (const uuid of [application, work, maintenance])
        await db.deleteFrom("record_document").where("record_uuid", "=", uuid).execute()
    })
    afterAll(async () => {
      delete process.env.INTAKE_KEY
      await m?.close()
    })

    it("stores an application's documents with their facts, size, type and SHA-256; the name loses its path", async () => {
      const form = uploadForm(
        [INSURANCE, { kind: "bank_details" }],
        [
          { name: "C:\\Users\\morgan\\Desktop\\insurance.pdf", bytes: PDF, type: "application/pdf" },
          { name: "../../etc/bank.png", bytes: PNG },
        ],
      )
      const { documents } = await decoded(
        await send(applicationDocuments(application), form),
        UploadResult,
        201,
      )
      expect(documents.map((d) => [d.file_name, d.content_type, d.size, d.kind])).toEqual([
        ["insurance.pdf", "application/pdf", PDF.length, "insurance"],
        ["bank.png", "image/png", PNG.length, "bank_details"],
      ])
      expect(documents[0]?.sha256).toBe(createHash("sha256").update(PDF).digest("hex"))
      expect(documents[0]).toMatchObject({ number: "PL-1234", issuer: "Aviva", expires_on: "2031-01-31" })
      expect(await stored(application)).toBe(2)
    })

    it("stores a request's photos without facts, and an admin's bearer works as the key does", async () => {
      const one = await send(workPhotos(work), uploadForm(undefined, [{ name: "leak.png", bytes: PNG }]))
      expect((await decoded(one, UploadResult, 201)).documents[0]?.kind).toBe("photo")
      const two = await m.server.fetch(maintenancePhotos(maintenance), {
        method: "POST",
        body: uploadForm(undefined, [{ name: "gutter", bytes: PNG }]),
        headers: { authorization: `Bearer ${m.tokens.admin}` },
      })
      expect((await decoded(two, UploadResult, 201)).documents[0]?.file_name).toBe("gutter.png")
    })

    it("refuses by the bytes, not the name: 415, nothing stored", async () => {
      const uuid = await freshApplication()
      const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>")
      const svg = new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      )
      for (const [name, bytes, pattern] of [
        ["scan.jpg", PDF, /PDF by its contents.*\.jpg/],
        ["page.pdf", html, /not a PDF, JPEG, PNG or WebP/],
        ["logo.pdf", svg, /not a PDF, JPEG, PNG or WebP/],
      ] as const) {
        const form = uploadForm(
          [INSURANCE, { kind: "other" }],
          [
            { name: "ok.pdf", bytes: PDF },
            { name, bytes },
          ],
        )
        await expectDetail(await send(applicationDocuments(uuid), form), 415, pattern)
      }
      await expectDetail(
        await send(applicationDocuments(uuid), "{}", {
          "x-intake-key": KEY,
          "content-type": "application/json",
        }),
        415,
      )
      expect(await stored(uuid)).toBe(0)
    })

    it("refuses wrong facts with 400 naming the entry, before any file is stored", async () => {
      const uuid = await freshApplication()
      const cases: Array<[unknown, RegExp]> = [
        [
          [{ kind: "insurance", issuer: "Aviva", expires_on: "2031-01-31" }],
          /documents\[0\]: Insurance needs a number/,
        ],
        [[{ ...INSURANCE, expires_on: "31/01/2031" }], /expires_on/],
        [[{ kind: "bank_details", number: "12" }], /Bank details has no a number|Bank details has no/],
        [[{ kind: "photo" }], /takes documents, not photos/],
        [[INSURANCE, INSURANCE], /one entry per file/],
        ["not json", /Malformed JSON/],
      ]
      for (const [facts, pattern] of cases) {
        const form = new FormData()
        form.append("documents", typeof facts === "string" ? facts : JSON.stringify(facts))
        form.append("file", new Blob([new Uint8Array(PDF)]), "insurance.pdf")
        await expectDetail(await send(applicationDocuments(uuid), form), 400, pattern)
      }
      await expectDetail(
        await send(applicationDocuments(uuid), uploadForm(undefined, [{ name: "a.pdf", bytes: PDF }])),
        400,
        /one entry per file/,
      )
      await expectDetail(
        await send(workPhotos(work), uploadForm([{ kind: "insurance" }], [{ name: "a.png", bytes: PNG }])),
        400,
        /photos only/,
      )
      expect(await stored(uuid)).toBe(0)
    })

    it("refuses more than the per-record limit, counting what the record holds: 413, nothing stored", async () => {
      const uuid = await freshApplication()
      const eleven = Array.from({ length: DOCUMENT_LIMITS.maxFilesPerRecord + 1 }, (_, i) => ({
        name: `p${i}.pdf`,
        bytes: PDF,
      }))
      const facts = eleven.map(() => ({ kind: "other" }))
      await expectDetail(await send(applicationDocuments(uuid), uploadForm(facts, eleven)), 413, /at most 10/)
      expect(await stored(uuid)).toBe(0)
      const nine = eleven.slice(0, 9)
      await decoded(
        await send(
          applicationDocuments(uuid),
          uploadForm(
            nine.map(() => ({ kind: "other" })),
            nine,
          ),
        ),
        UploadResult,
        201,
      )
      const two = eleven.slice(0, 2)
      await expectDetail(
        await send(
          applicationDocuments(uuid),
          uploadForm(
            two.map(() => ({ kind: "other" })),
            two,
          ),
        ),
        413,
        /has 9, and 2 more/,
      )
      expect(await stored(uuid)).toBe(9)
    })

    it("refuses a file over 10 MB while it streams: the answer comes before the body has been sent", async () => {
      const uuid = await freshApplication()
      const url = new URL(applicationDocuments(uuid), m.server.url)
      const boundary = "----documents-test-boundary"
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="documents"\r\n\r\n${JSON.stringify([{ kind: "other" }])}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      )
      const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
        let sent = 0
        let answered = false
        const req = request(url, {
          method: "POST",
          headers: { "x-intake-key": KEY, "content-type": `multipart/form-data; boundary=${boundary}` },
        })
        req.on("response", (res) => {
          answered = true
          let body = ""
          res.on("data", (c) => {
            body += c
          })
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sent }))
        })
        req.on("error", (error) => (answered ? undefined : reject(error)))
        req.write(head)
        sent += head.length
        const chunk = Buffer.concat([PDF, Buffer.alloc(256 * 1024 - PDF.length, 32)])
        // Never ends: a server that waited for the whole body would never answer.
        const pump = () => {
          while (!answered && sent < 64 * 1024 * 1024) {
            sent += chunk.length
            if (!req.write(chunk)) return req.once("drain", pump)
          }
        }
        pump()
      })
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body).detail).toMatch(/over 10 MB/)
      expect(answer.sent).toBeLessThan(40 * 1024 * 1024)
      expect(await stored(uuid)).toBe(0)
    })

    it("stores nothing from a truncated upload", async () => {
      const uuid = await freshApplication()
      const url = new URL(applicationDocuments(uuid), m.server.url)
      const boundary = "----truncated"
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="documents"\r\n\r\n[{"kind":"other"}]\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`,
        ),
        PDF.subarray(0, 300),
      ])
      await new Promise<void>((resolve) => {
        const req = request(url, {
          method: "POST",
          headers: {
            "x-intake-key": KEY,
            "content-type": `multipart/form-data; boundary=${boundary}`,
            "content-length": String(body.length + 5000),
          },
        })
        req.on("error", () => resolve())
        req.on("response", () => resolve())
        req.write(body, () => setImmediate(() => req.destroy()))
      })
      // The server has seen the connection drop once a later request on a fresh one is answered.
      await expectDetail(
        await send(applicationDocuments(uuid), "x", {
          "x-intake-key": KEY,
          "content-type": "application/json",
        }),
        400,
      )
      expect(await stored(uuid)).toBe(0)
    })

    it("answers 404 for an unknown record and 401 or 403 to strangers", async () => {
      const form = () => uploadForm([INSURANCE], [{ name: "a.pdf", bytes: PDF }])
      await expectDetail(
        await send(applicationDocuments("00000000-0000-4000-8000-000000000000"), form()),
        404,
      )
      await expectDetail(await send(applicationDocuments("not-a-uuid"), form()), 404)
      await expectDetail(await send(applicationDocuments(work), form()), 404)
      await expectDetail(await send(applicationDocuments(application), form(), {}), 401)
      await expectDetail(
        await send(applicationDocuments(application), form(), { "x-intake-key": "wrong" }),
        401,
      )
      await expectDetail(
        await send(applicationDocuments(application), form(), {
          authorization: `Bearer ${m.tokens.coordinator}`,
        }),
        403,
      )
    })
  })
}
