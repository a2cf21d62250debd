// `npm run seed`: migrate and seed the demo data into DATABASE_URL, or into the embedded database in DATA_DIR
// when no URL is set. Idempotent. Refuses (clearly, touching nothing) while a server holds the embedded database.
import { systemClock } from "../server/clock"
import { ConfigError, loadConfig } from "../server/config"
import { openDatabase } from "../server/db/database"
import { runMigrations } from "../server/db/migrate"
import { DataDirLockedError } from "../server/db/pglite-lock"
import { seedContext, seedDemo } from "../server/db/seed"

async function main(): Promise<void> {
  const config = loadConfig()
  const where = config.databaseUrl
    ? "PostgreSQL (DATABASE_URL)"
    : `the embedded database in ${config.dataDir}`
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
  )
  try {
    const migrated = await runMigrations(database.db)
    if (migrated.length > 0) console.log(`Applied ${migrated.length} migration(s) to ${where}.`)
    const reports = await seedDemo(database.db, seedContext(config.passwordHash, new Date(systemClock.now())))
    for (const report of reports)
      console.log(`Seeded ${report.name}: ${report.created} created, ${report.kept} kept.`)
    console.log(`Demo data is in ${where}.`)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) console.error(error.message)
  else console.error("Seeding failed:", error)
  process.exitCode = 1
})
