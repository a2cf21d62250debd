// Creating an in-memory database runs PostgreSQL's initdb (about 2 s of CPU) and then every migration. The
// contract project's global set-up does both once per run and dumps the result here; each test file starts
// from the dump and seeds its own demo data, at its own time, as before.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { fromPglite } from "../../server/db/database"
import { runMigrations } from "../../server/db/migrate"

const MIGRATED_DUMP = resolve("test-results/contract-pglite-migrated.tar")

export async function dumpMigratedDatabase(): Promise<void> {
  rmSync(MIGRATED_DUMP, { force: true })
  const pglite = await PGlite.create()
  const database = fromPglite(pglite)
  await runMigrations(database.db)
  const dump = await pglite.dumpDataDir("none")
  await database.close()
  mkdirSync(dirname(MIGRATED_DUMP), { recursive: true })
  writeFileSync(MIGRATED_DUMP, Buffer.from(await dump.arrayBuffer()))
}

/** A migrated empty database, from the run's dump when there is one (a file run alone may have none). */
export async function migratedPglite(): Promise<PGlite> {
  if (!existsSync(MIGRATED_DUMP)) return PGlite.create()
  return PGlite.create({ loadDataDir: new Blob([readFileSync(MIGRATED_DUMP)]) })
}
