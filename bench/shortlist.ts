// The shortlist for one request among 10,000 companies: how long the candidates answer takes to build
// (server/marketplace/select-providers.ts requestCandidates: the request, its chosen providers, the providers
// offering its trade in its area with their stored offers record, the postcode areas, their documents, the
// scoring),
// on PGlite (in memory) and on PostgreSQL (127.0.0.1:5432, a database made for the run and dropped after).
// The demo data plus 10,000 generated companies (1 to 3 trades, 1 to 4 towns) and 30,000 closed offers.
// Prints per backend the median over runs of each run's p50 and p99, with the runs' min–max, and the
// machine's load average (other work shares its two cores, so figures are upper bounds).
// Usage: node --import tsx bench/shortlist.ts [--runs 5] [--calls 200] [--companies 10000] [--backends pglite,postgres]
import os from "node:os"
import { PGlite } from "@electric-sql/pglite"
import { sql } from "kysely"
import { type DatabaseHandle, fromPglite, openDatabase } from "../server/db/database"
import { runMigrations } from "../server/db/migrate"
import { seedContext, seedDemo } from "../server/db/seed"
import { screenCandidates } from "../server/documents/candidate-documents"
import { loadCandidates, rankRows, withDocumentFactor } from "../server/marketplace/candidates"
import { providerSearchText } from "../server/marketplace/search-columns"
import { TOWNS } from "../server/marketplace/seed/vocabulary"
import { requestCandidates } from "../server/marketplace/select-providers"
import { candidateRows, coverageKey, NO_FILTERS } from "../server/marketplace/shortlist/candidate-rows"
import { areaMap, loadAreas } from "../server/marketplace/shortlist/distance"
import { offerHistory } from "../server/marketplace/shortlist/offer-history"
import { shortlistRequest } from "../server/marketplace/shortlist/shortlist-request"
import { SERVICE_CATEGORIES, type ServiceCategory } from "../src/schema/marketplace/marketplace"
import { createBenchDatabase } from "./pg-database"

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback
}
const RUNS = Number(option("--runs", "5"))
const CALLS = Number(option("--calls", "200"))
const COMPANIES = Number(option("--companies", "10000"))
const BACKENDS = option("--backends", "pglite,postgres").split(",")
const WARM_UP = 20
/** Also time the candidates query's parts alone, to see which one to make faster. */
const PROFILE = process.argv.includes("--profile")

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN
const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  )
const ms = (n: number) => n.toFixed(1)

/** A small deterministic generator (mulberry32), so both backends hold the same companies. */
function seeded(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) }
}

async function fill(
  database: DatabaseHandle,
): Promise<Array<{ kind: "work" | "maintenance"; uuid: string }>> {
  const db = database.db
  await runMigrations(db)
  await seedDemo(db, seedContext({ N: 1024, r: 8, p: 1 }, new Date()))
  const random = seeded(42)
  const pick = <T>(list: readonly T[], n: number): T[] => {
    const out = new Set<T>()
    while (out.size < n) out.add(list[random.int(0, list.length - 1)] as T)
    return [...out]
  }
  const ids: number[] = []
  for (let start = 0; start < COMPANIES; start += 500) {
    const rows = Array.from({ length: Math.min(500, COMPANIES - start) }, (_, i) => {
      const services: ServiceCategory[] = pick(SERVICE_CATEGORIES, random.int(1, 3))
      const service_area = pick(
        TOWNS.map((t) => t.name),
        random.int(1, 4),
      )
      const p = { company_name: `Bench Company ${start + i}`, services, service_area }
      return {
        ...p,
        rating: random.int(0, 9) === 0 ? null : random.int(20, 50) / 10,
        current_load: random.int(0, 8),
        capacity: 4 + 2 * service_area.length,
        created_at: new Date(),
        search_text: providerSearchText(p),
      }
    })
    const made = await db.insertInto("provider").values(rows).returning("id").execute()
    ids.push(...made.map((r) => r.id))
  }
  const requests = await db.selectFrom("service_request").select(["id", "uuid", "kind"]).execute()
  const states = ["accepted", "declined", "declined", "expired"] as const
  for (let start = 0; start < 3 * COMPANIES; start += 1000) {
    const offers = Array.from({ length: 1000 }, () => {
      const offeredAt = new Date(Date.now() - random.int(1, 60) * 86_400_000)
      const state = states[random.int(0, states.length - 1)] ?? "declined"
      return {
        request_id: requests[random.int(0, requests.length - 1)]?.id ?? 1,
        provider_id: ids[random.int(0, ids.length - 1)] ?? 1,
        state,
        offered_at: offeredAt,
        offered_by_name: "Bench",
        expires_at: new Date(offeredAt.getTime() + 48 * 3_600_000),
        answered_at:
          state === "expired" ? null : new Date(offeredAt.getTime() + random.int(1, 40) * 3_600_000),
      }
    })
    await db.insertInto("provider_offer").values(offers).execute()
  }
  await sql`analyze`.execute(db)
  return requests.map((r) => ({ kind: r.kind, uuid: r.uuid }))
}

async function profile(
  database: DatabaseHandle,
  requests: Array<{ kind: "work" | "maintenance"; uuid: string }>,
) {
  const db = database.db
  const rows = await db
    .selectFrom("service_request")
    .selectAll()
    .where(
      "uuid",
      "in",
      requests.slice(0, 50).map((r) => r.uuid),
    )
    .execute()
  const parts: Record<string, number[]> = {
    providers: [],
    "providers, no index": [],
    "coverage key": [],
    areas: [],
    history: [],
    loadCandidates: [],
    "request (1 query)": [],
    "candidate rows": [],
    "rank (JS)": [],
    "documents + rerank": [],
  }
  const time = async <T>(name: string, f: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now()
    const result = await f()
    parts[name]?.push(performance.now() - t0)
    return result
  }
  // requestCandidates's steps one by one.
  for (const r of requests.slice(0, 50)) {
    const request = await time("request (1 query)", () => shortlistRequest(db, r.kind, r.uuid))
    const found = await time("candidate rows", () => candidateRows(db, request, NO_FILTERS))
    const ranked = await time("rank (JS)", () =>
      rankRows(request, found, new Set(request.chosen), areaMap(request.areas)),
    )
    await time("documents + rerank", async () =>
      withDocumentFactor((await screenCandidates(db, ranked, new Date())).kept),
    )
  }
  for (const row of rows) {
    const ids = (
      await db
        .selectFrom("provider as p")
        .select("p.id")
        .where("p.services", "@>", sql<ServiceCategory[]>`array[${row.service_category}]::text[]`)
        .where("p.service_area_keys", "@>", sql<string[]>`array[${row.area.toLowerCase()}]::text[]`)
        .execute()
    ).map((r) => r.id)
    await time("providers", () =>
      db
        .selectFrom("provider as p")
        .leftJoin("company_application as a", "a.id", "p.application_id")
        .selectAll("p")
        .select("a.uuid as application_uuid")
        .where("p.services", "@>", sql<ServiceCategory[]>`array[${row.service_category}]::text[]`)
        .where("p.service_area_keys", "@>", sql<string[]>`array[${row.area.toLowerCase()}]::text[]`)
        .execute(),
    )
    // The area test before the indexed column: every row's towns unnested and compared.
    await time("providers, no index", () =>
      db
        .selectFrom("provider as p")
        .leftJoin("company_application as a", "a.id", "p.application_id")
        .selectAll("p")
        .select("a.uuid as application_uuid")
        .where("p.services", "@>", sql<ServiceCategory[]>`array[${row.service_category}]::text[]`)
        .where(
          sql<boolean>`exists (select 1 from unnest(p.service_area) as s(area) where lower(trim(s.area)) = ${row.area.toLowerCase()})`,
        )
        .execute(),
    )
    await time("coverage key", () =>
      db
        .selectFrom("provider_coverage")
        .select("provider_id")
        .where("key", "=", coverageKey(row.service_category, row.area))
        .execute(),
    )
    await time("areas", () => loadAreas(db))
    // The aggregation the stored provider_offer_stats replaced.
    await time("history", () => offerHistory(db, ids))
    await time("loadCandidates", () => loadCandidates(db, row, new Set()))
  }
  for (const [name, v] of Object.entries(parts))
    console.log(`  ${name.padEnd(20)} median ${ms(median(v))} ms`)
}

async function measure(backend: string, database: DatabaseHandle): Promise<void> {
  const requests = await fill(database)
  const now = new Date()
  let candidates = 0
  const call = async (i: number) => {
    const r = requests[(i * 7919) % requests.length]
    if (!r) return 0
    const t0 = performance.now()
    const list = await requestCandidates(database.db, r.kind, r.uuid, now)
    candidates += list.count
    return performance.now() - t0
  }
  for (let i = 0; i < WARM_UP; i++) await call(i)
  const p50s: number[] = []
  const p99s: number[] = []
  candidates = 0
  for (let run = 0; run < RUNS; run++) {
    const times: number[] = []
    for (let i = 0; i < CALLS; i++) times.push(await call(run * CALLS + i))
    times.sort((a, b) => a - b)
    p50s.push(percentile(times, 0.5))
    p99s.push(percentile(times, 0.99))
  }
  if (PROFILE) await profile(database, requests)
  const spread = (v: number[]) => `${ms(Math.min(...v))}–${ms(Math.max(...v))}`
  console.log(
    `${backend.padEnd(8)} p50 ${ms(median(p50s))} ms (runs ${spread(p50s)})  p99 ${ms(median(p99s))} ms (runs ${spread(p99s)})  ` +
      `${RUNS}×${CALLS} calls, ${Math.round(candidates / (RUNS * CALLS))} candidates per request on average`,
  )
}

console.log(
  `shortlist among ${COMPANIES} companies; load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")} on ${os.cpus().length} cores`,
)
for (const backend of BACKENDS) {
  if (backend === "pglite") {
    const database = fromPglite(await PGlite.create())
    try {
      await measure(backend, database)
    } finally {
      await database.close()
    }
  } else {
    const made = await createBenchDatabase("bench_shortlist")
    try {
      const database = await openDatabase({ kind: "postgres", url: made.url })
      try {
        await measure(backend, database)
      } finally {
        await database.close()
      }
    } finally {
      await made.drop()
    }
  }
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
)
