// `npm start` / `npm run serve`: open the database, migrate, seed an empty embedded database, serve.
import { systemClock } from "./clock"
import { type Config, ConfigError, loadConfig, publicUrl } from "./config"
import { type DatabaseHandle, openDatabase } from "./db/database"
import { runMigrations } from "./db/migrate"
import { DataDirLockedError } from "./db/pglite-lock"
import { isDatabaseEmpty, seedContext, seedDemo } from "./db/seed"
import { buildApp } from "./http/app"

/** A close that hangs (a stuck connection) must not keep a stopped server alive forever. */
const SHUTDOWN_TIMEOUT_MS = 10_000

async function openAndPrepare(config: Config): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
    { onError: (error) => console.error(`database: ${error.message}`) },
  )
  try {
    await runMigrations(database.db)
    // A real PostgreSQL is only ever seeded on purpose (`npm run seed`); the embedded one is the demo.
    if (database.kind === "pglite" && (await isDatabaseEmpty(database.db))) {
      await seedDemo(database.db, seedContext(config.passwordHash, new Date(systemClock.now())))
    }
    return database
  } catch (error) {
    await database.close()
    throw error
  }
}

async function start(): Promise<void> {
  const config = loadConfig()
  const database = await openAndPrepare(config)
  const app = await buildApp({ config, database }).catch(async (error: unknown) => {
    await database.close()
    throw error
  })

  // Fastify announces every bound address as a JSON log line; the one line below replaces them.
  const level = app.log.level
  app.log.level = "warn"
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close()
    await database.close()
    throw error
  }
  app.log.level = level
  const address = app.server.address()
  const port = typeof address === "object" && address ? address.port : config.port
  console.log(`Back office ready at ${publicUrl(config, port)}`)

  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, "shutting down")
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref()
    try {
      await app.close()
      await database.close()
      process.exit(0)
    } catch (error) {
      console.error("Shutdown failed:", error)
      process.exit(1)
    }
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message)
  else console.error("The server could not start:", error)
  process.exit(1)
})
