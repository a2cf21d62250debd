// Fuzzing the upload endpoints with multipart bodies: generated facts (valid, mutated, junk), files of random
// bytes or real ones under odd names and declared types. Whatever is sent: never a 5xx, every refusal a 4xx
// `{detail}`, and a refused upload stores nothing.
import { Schema } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ErrorBody } from "../../../src/schema/system/errors"
import { FUZZ_RUNS, FUZZ_TIMEOUT_MS } from "../fuzz-arbitraries"
import { startServer, type TestServer } from "../harness"
import {
  applicationDocuments,
  INSURANCE,
  KEY,
  maintenancePhotos,
  PDF,
  PNG,
  workPhotos,
} from "./upload-client"

const KINDS = [
  "insurance",
  "trade_licence",
  "identity",
  "registration_certificate",
  "bank_details",
  "reference",
  "other",
  "photo",
  "selfie",
  "",
]

const factArb = fc.oneof(
  fc.constant(INSURANCE),
  fc.record(
    {
      kind: fc.constantFrom(...KINDS),
      number: fc.oneof(fc.constant(null), fc.string({ maxLength: 100 })),
      issuer: fc.oneof(fc.constant(null), fc.string({ maxLength: 200 })),
      expires_on: fc.oneof(fc.constant(null), fc.constantFrom("2031-01-31", "2031-13-01", "tomorrow", "")),
    },
    { requiredKeys: ["kind"] },
  ),
  fc.anything(),
)

const fileArb = fc.record({
  name: fc.oneof(
    fc.constantFrom("a.pdf", "a.jpg", "../../x.png", "C:\\x\\y.webp", "", ".pdf", "\u0000.pdf", "ü.png"),
    fc.string({ maxLength: 300 }),
  ),
  bytes: fc.oneof(fc.constant(PDF), fc.constant(PNG), fc.uint8Array({ maxLength: 5000 })),
  type: fc.constantFrom("application/pdf", "image/png", "text/html", "application/octet-stream", ""),
})

const validArb = fc.constantFrom(
  {
    target: "application",
    facts: JSON.stringify([INSURANCE]),
    files: [{ name: "a.pdf", bytes: PDF, type: "application/pdf" }],
    stray: undefined,
  },
  {
    target: "work",
    facts: undefined,
    files: [{ name: "b.png", bytes: PNG, type: "image/png" }],
    stray: undefined,
  },
)

const anyArb = fc.record({
  target: fc.constantFrom("application", "work", "maintenance", "unknown"),
  facts: fc.oneof(
    fc.constant(undefined),
    fc.array(factArb, { maxLength: 12 }).map((a) => JSON.stringify(a)),
    fc.string(),
  ),
  files: fc.array(fileArb, { maxLength: 12 }),
  stray: fc.option(fc.constantFrom("extra", "__proto__", "constructor", "documents"), { nil: undefined }),
})

/** Mostly hostile, sometimes valid: so that the stored path is exercised too. */
const caseArb = fc.oneof({ arbitrary: anyArb, weight: 4 }, { arbitrary: validArb, weight: 1 })

describe(`fuzz: document uploads, ${FUZZ_RUNS} cases`, () => {
  let server: TestServer
  const uuids: Record<string, string> = {}

  beforeAll(async () => {
    process.env.INTAKE_KEY = KEY
    server = await startServer()
    const db = server.database.db
    uuids.application = (
      await db.selectFrom("company_application").select("uuid").executeTakeFirstOrThrow()
    ).uuid
    uuids.work = (
      await db
        .selectFrom("service_request")
        .select("uuid")
        .where("kind", "=", "work")
        .executeTakeFirstOrThrow()
    ).uuid
    uuids.maintenance = (
      await db
        .selectFrom("service_request")
        .select("uuid")
        .where("kind", "=", "maintenance")
        .executeTakeFirstOrThrow()
    ).uuid
    uuids.unknown = "00000000-0000-4000-8000-000000000000"
  })
  afterAll(async () => {
    delete process.env.INTAKE_KEY
    await server?.close()
  })

  it(
    "never answers 5xx; refusals are {detail} and store nothing",
    async () => {
      const statuses = new Map<number, number>()
      await fc.assert(
        fc.asyncProperty(caseArb, async ({ target, facts, files, stray }) => {
          const uuid = uuids[target] ?? ""
          const db = server.database.db
          await db.deleteFrom("record_document").where("record_uuid", "=", uuid).execute()
          const form = new FormData()
          if (stray) form.append(stray, "x")
          if (facts !== undefined) form.append("documents", facts)
          for (const file of files)
            form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
          const path =
            target === "application" || target === "unknown"
              ? applicationDocuments(uuid)
              : target === "work"
                ? workPhotos(uuid)
                : maintenancePhotos(uuid)
          const response = await server.fetch(path, {
            method: "POST",
            body: form,
            headers: { "x-intake-key": KEY },
          })
          const text = await response.text()
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
          const why = () =>
            server
              .logs()
              .split("\n")
              .filter((line) => line.includes("unhandled error"))
              .slice(-1)
              .join("")
          expect(response.status, `${text} ${response.status >= 500 ? why() : ""}`).toBeLessThan(500)
          const held = await db
            .selectFrom("record_document")
            .select("id")
            .where("record_uuid", "=", uuid)
            .execute()
          if (response.status >= 400) {
            Schema.decodeUnknownSync(ErrorBody)(JSON.parse(text))
            expect(held).toEqual([])
          } else expect(held.length).toBe(files.length)
        }),
        { numRuns: FUZZ_RUNS },
      )
      console.info("upload fuzz statuses", Object.fromEntries(statuses))
    },
    FUZZ_TIMEOUT_MS,
  )
})
