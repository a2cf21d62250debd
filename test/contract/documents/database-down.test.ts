// An upload while PostgreSQL refuses connections: a clear 503 naming what happened, and nothing half stored
// once it is back. (PGlite runs inside the server's process: it cannot be down while the server is up.)

import { sql } from "kysely"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { UploadResult } from "../../../src/schema/documents/document"
import { postgresAvailable } from "../harness"
import { decoded, expectDetail, type MarketplaceServer, startMarketplace } from "../marketplace-fixture"
import { applicationDocuments, INSURANCE, KEY, PDF, uploadForm } from "./upload-client"

const pgUp = await postgresAvailable()
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

const admin = async (text: string): Promise<void> => {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

describe.skipIf(!pgUp)("an upload while the database is down", () => {
  let m: MarketplaceServer
  let name = ""
  let uuid = ""

  beforeAll(async () => {
    process.env.INTAKE_KEY = KEY
    m = await startMarketplace("postgres")
    const db = m.server.database.db
    name = (await sql<{ name: string }>`select current_database() as name`.execute(db)).rows[0]?.name ?? ""
    uuid = (await db.selectFrom("company_application").select("uuid").executeTakeFirstOrThrow()).uuid
    await db.deleteFrom("record_document").where("record_uuid", "=", uuid).execute()
  })
  afterAll(async () => {
    delete process.env.INTAKE_KEY
    await admin(`alter database "${name}" allow_connections true`).catch(() => undefined)
    await m?.close()
  })

  it("answers 503 with a detail, stores nothing, and works again once the database is back", async () => {
    const upload = () =>
      m.server.fetch(applicationDocuments(uuid), {
        method: "POST",
        body: uploadForm([INSURANCE], [{ name: "insurance.pdf", bytes: PDF }]),
        headers: { "x-intake-key": KEY },
      })
    await admin(`alter database "${name}" allow_connections false`)
    await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    )
    await expectDetail(await upload(), 503, /database cannot be reached: nothing was stored/)
    await admin(`alter database "${name}" allow_connections true`)
    const count = async () =>
      (
        await m.server.database.db
          .selectFrom("record_document")
          .select("id")
          .where("record_uuid", "=", uuid)
          .execute()
      ).length
    expect(await count()).toBe(0)
    await decoded(await upload(), UploadResult, 201)
    expect(await count()).toBe(1)
  })
})
