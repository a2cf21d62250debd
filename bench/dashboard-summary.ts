// How long the dashboard summary takes on the embedded database (an in-memory PGlite with the demo data), and
// how many statements it sends: on PGlite there is one connection, so they run one after another and a
// reload's other requests (the profile) wait behind them.
// Usage: node --import tsx bench/dashboard-summary.ts [--runs 200] [--requests 0]
//   (npm run bench:dashboard-summary -- --runs 200). --requests adds that many generated work and as many
//   maintenance requests (and 60 providers, whom they name) to the demo data. Prints the first summary's
//   time, then the median, p90 and min–max of the runs after a warm-up.
import { PGlite } from "@electric-sql/pglite"
import type { KyselyPlugin } from "kysely"
import { sql } from "kysely"
import { findUserById } from "../server/auth/users"
import { fromPglite } from "../server/db/database"
import { runMigrations } from "../server/db/migrate"
import { seedContext, seedDemo } from "../server/db/seed"
import { dashboardSummary } from "../server/marketplace/dashboard"
import { QUEUE_DUE_AFTER_HOURS, QUEUE_OVERDUE_AFTER_HOURS } from "../server/marketplace/queue-constants"
import { queueTimes } from "../server/marketplace/queue-wait"
import { generateMarketplace } from "../server/marketplace/seed/generate"
import { writeMarketplace } from "../server/marketplace/seed/seed"

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const RUNS = Math.max(1, Number(option("--runs") ?? 200) || 200)
const REQUESTS = Math.max(0, Number(option("--requests") ?? 0) || 0)
const WARM_UP = 20
const HOUR_SECONDS = 3600

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
const ms = (n: number) => n.toFixed(2)

async function main(): Promise<void> {
  const database = fromPglite(await PGlite.create())
  await runMigrations(database.db)
  await seedDemo(database.db, seedContext({ N: 1024, r: 8, p: 1 }, new Date()))
  if (REQUESTS > 0) {
    const data = generateMarketplace({
      now: new Date(),
      seed: 7,
      applications: 0,
      workRequests: REQUESTS,
      maintenanceRequests: REQUESTS,
      legacyProviders: 60,
    })
    await writeMarketplace(database.db, data)
  }
  await sql`vacuum analyze`.execute(database.db)

  // Every statement the summary sends has one result (subqueries are transformed, but not executed, alone).
  let statements = 0
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1
      return args.result
    },
  }
  const db = database.db.withPlugin(counter)
  const user = await findUserById(database.db, 1)
  if (!user) throw new Error("the demo data has no user 1")
  const settings = {
    queueDueAfterSeconds: QUEUE_DUE_AFTER_HOURS * HOUR_SECONDS,
    queueOverdueAfterSeconds: QUEUE_OVERDUE_AFTER_HOURS * HOUR_SECONDS,
  }
  const once = () => dashboardSummary(db, user, queueTimes(settings, new Date()))

  // The first summary also plans every statement: what the first reload after a start pays.
  const coldStarted = performance.now()
  await once()
  const cold = performance.now() - coldStarted
  for (let i = 1; i < WARM_UP; i++) await once()
  statements = 0
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await once()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  console.log(
    `dashboardSummary on in-memory PGlite, demo data${REQUESTS > 0 ? ` + ${REQUESTS} work and ${REQUESTS} maintenance requests` : ""}`,
  )
  console.log(`${statements / RUNS} statements per summary; the first took ${ms(cold)} ms`)
  console.log(`${RUNS} runs after ${WARM_UP} to warm up:`)
  console.log(
    `median ${ms(percentile(times, 0.5))} ms, p90 ${ms(percentile(times, 0.9))} ms, ` +
      `min–max ${ms(times[0] ?? 0)}–${ms(times[times.length - 1] ?? 0)} ms`,
  )
  await database.close()
}

await main()
