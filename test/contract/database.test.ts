// The database handle on both backends: migrations, LISTEN/NOTIFY, the shared JWT secret, seeding, and the
// embedded data folder's single-process lock.

import { spawnSync } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type DatabaseHandle, openDatabase } from "../../server/db/database"
import { runMigrations } from "../../server/db/migrate"
import { migrations } from "../../server/db/migrations"
import { DataDirLockedError } from "../../server/db/pglite-lock"
import { isDatabaseEmpty, seedContext, seedDemo } from "../../server/db/seed"
import { buildApp } from "../../server/http/app"
import { BACKENDS, openTestDatabase, postgresAvailable, TEST_PASSWORD_HASH, testConfig } from "./harness"

const pgUp = await postgresAvailable()

const waitFor = async (check: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting")
    await new Promise((r) => setTimeout(r, 20))
  }
}

for (const backend of BACKENDS) {
  describe.skipIf(backend === "postgres" && !pgUp)(`database on ${backend}`, () => {
    let database: DatabaseHandle
    let drop: () => Promise<void>
    beforeAll(async () => {
      ;({ database, drop } = await openTestDatabase(backend))
    })
    afterAll(async () => {
      await database?.close()
      await drop?.()
    })

    it("has applied every migration, and running them again does nothing", async () => {
      const applied = await database.db
        .selectFrom("schema_migration")
        .select("name")
        .orderBy("name")
        .execute()
      expect(applied.map((r) => r.name)).toEqual(migrations.map((m) => m.name).sort())
      expect(await runMigrations(database.db)).toEqual([])
    })

    it("delivers pg_notify from a committed transaction to listeners, and stops after unlisten", async () => {
      const received: string[] = []
      const unlisten = await database.listen("contract_test", (payload) => received.push(payload))
      await database.db.transaction().execute(async (tx) => {
        await sql`select pg_notify('contract_test', '{"id":1}')`.execute(tx)
      })
      await waitFor(() => received.length === 1)
      expect(received).toEqual(['{"id":1}'])
      await unlisten()
      await sql`select pg_notify('contract_test', 'late')`.execute(database.db)
      await new Promise((r) => setTimeout(r, 200))
      expect(received).toEqual(['{"id":1}'])
    })

    it("seeds idempotently", async () => {
      expect(await isDatabaseEmpty(database.db)).toBe(false)
      const reports = await seedDemo(database.db, seedContext(TEST_PASSWORD_HASH, new Date()))
      expect(reports.every((r) => r.created === 0)).toBe(true)
      const users = await database.db
        .selectFrom("app_user")
        .select(["email", "user_category"])
        .orderBy("email")
        .execute()
      expect(users).toEqual([
        { email: "admin@example.com", user_category: "admin" },
        { email: "coordinator@example.com", user_category: "website_coordinator" },
        { email: "viewer@example.com", user_category: "support" },
      ])
    })

    it("gives every app on one database the same generated JWT secret", async () => {
      const config = testConfig()
      const [a, b] = await Promise.all([
        buildApp({ config, database, logger: false }),
        buildApp({ config, database, logger: false }),
      ])
      try {
        const sessionId = randomUUID()
        const token = await a.services.accessTokens.sign({ id: 1, user_category: "admin" }, sessionId)
        expect(await b.services.accessTokens.verify(token)).toEqual({
          userId: 1,
          category: "admin",
          sessionId,
        })
      } finally {
        await a.close()
        await b.close()
      }
    })
  })
}

describe("embedded data folder", () => {
  it("is migrated, seeded once, and locked against a second process", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "backoffice-data-"))
    try {
      const database = await openDatabase({ kind: "pglite", dataDir })
      try {
        await runMigrations(database.db)
        expect(await isDatabaseEmpty(database.db)).toBe(true)
        await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toBeInstanceOf(DataDirLockedError)
        // `npm run seed` while the server holds the folder: a clear refusal, nothing touched.
        const seed = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
          encoding: "utf8",
        })
        expect(seed.status).toBe(1)
        expect(seed.stderr).toMatch(/in use by another process .*Stop the server first/s)
        expect(await isDatabaseEmpty(database.db)).toBe(true)
      } finally {
        await database.close()
      }
      const reopened = await openDatabase({ kind: "pglite", dataDir })
      await reopened.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
