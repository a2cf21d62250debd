// Runs the migrations of migrations.ts that this database has not seen, in order, each recorded by name.
import { type Kysely, sql } from "kysely"
import { migrations as allMigrations } from "./migrations"
import type { Database } from "./schema"

export interface Migration {
  /** Never renamed once shipped: the name is what marks it applied. */
  readonly name: string
  /** Plain `sql` statements (one per call: PGlite and prepared statements take one at a time). */
  readonly up: (db: Kysely<Database>) => Promise<void>
}

// Several instances may start at once against one PostgreSQL; the first to take this lock migrates, the
// others wait and then find nothing left to do.
const MIGRATION_LOCK_KEY = 4_711_001

/** Returns the names applied by this call (empty when the database was already up to date). */
export async function runMigrations(
  db: Kysely<Database>,
  migrations: readonly Migration[] = allMigrations,
): Promise<string[]> {
  const names = new Set(migrations.map((m) => m.name))
  if (names.size !== migrations.length) throw new Error("Two migrations share a name")
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(tx)
    await sql`
      create table if not exists schema_migration (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(tx)
    const done = new Set(
      (await tx.selectFrom("schema_migration").select("name").execute()).map((r) => r.name),
    )
    const applied: string[] = []
    for (const migration of migrations) {
      if (done.has(migration.name)) continue
      await migration.up(tx)
      await tx.insertInto("schema_migration").values({ name: migration.name }).execute()
      applied.push(migration.name)
    }
    return applied
  })
}
