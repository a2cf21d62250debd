// `node --import tsx bench/list-page.ts [rows]`: how long one page of the work-request list takes with
// 100,000 requests (default) on an in-memory PGlite, for the queries a coordinator actually makes.
// Prints the median of several runs per query and the plan of the default one.
import { PGlite } from "@electric-sql/pglite"
import { sql } from "kysely"
import { fromPglite } from "../server/db/database"
import { runMigrations } from "../server/db/migrate"
import { seedContext, seedDemo } from "../server/db/seed"
import { RECORD_KINDS } from "../server/marketplace/records/record-kinds"
import { listRecords } from "../server/marketplace/records/record-list"
import { generateMarketplace } from "../server/marketplace/seed/generate"
import { writeMarketplace } from "../server/marketplace/seed/seed"
import type { RequestListQuery } from "../src/schema/marketplace/marketplace-input"

const ROWS = Number(process.argv[2] ?? 100_000)
const RUNS = 7

const QUERIES: ReadonlyArray<[string, RequestListQuery]> = [
  ["pending queue, page 1 (default: oldest first)", { status: "pending" }],
  ["pending queue, page 200", { status: "pending", page: 200 }],
  ["approved, latest decisions first", { status: "approved" }],
  ["all, newest first", {}],
  ["pending by urgency, most urgent first", { status: "pending", ordering: "-urgency" }],
  ["pending by budget, highest first", { status: "pending", ordering: "-budget" }],
  ["pending by title", { status: "pending", ordering: "title" }],
  ['search "boiler" in pending', { status: "pending", search: "boiler" }],
  ['search "leeds" everywhere', { search: "leeds" }],
  ["page of 100", { status: "pending", page_size: 100 }],
]

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

async function main(): Promise<void> {
  const database = fromPglite(await PGlite.create())
  const db = database.db
  await runMigrations(db)
  await seedDemo(db, seedContext({ N: 1024, r: 8, p: 1 }, new Date()))
  const started = performance.now()
  const data = generateMarketplace({
    now: new Date(),
    seed: 7,
    applications: 0,
    workRequests: ROWS,
    maintenanceRequests: 0,
    legacyProviders: 60,
  })
  await writeMarketplace(db, data)
  await sql`vacuum analyze`.execute(db)
  const count = await db
    .selectFrom("service_request")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow()
  console.log(
    `${count.n} work requests written in ${((performance.now() - started) / 1000).toFixed(1)} s (with seed data)\n`,
  )

  for (const [label, query] of QUERIES) {
    const times: number[] = []
    let total = 0
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now()
      total = (
        await listRecords(db, RECORD_KINDS.work, query, null, {
          now: new Date(),
          overdueAfterSeconds: 259_200,
        })
      ).count
      times.push(performance.now() - t)
    }
    console.log(`${median(times).toFixed(1).padStart(7)} ms  ${label} (${total} rows match)`)
  }

  const plan = await sql<{ "QUERY PLAN": string }>`explain select * from service_request
    where kind = 'work' and status = 'pending' order by submitted_at asc, id asc limit 20 offset 0`.execute(
    db,
  )
  console.log(
    `\nPlan of the default pending page:\n${plan.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`,
  )
  await database.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
