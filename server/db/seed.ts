// Demo data: seeded on the first start of an empty embedded database and by `npm run seed`.
// Each domain contributes a seeder; every seeder must be idempotent (running twice changes nothing).
import type { Kysely } from "kysely"
import { type HashParams, hashPassword } from "../auth/password"
import { seedDemoUsers } from "../auth/seed"
import { seedDocuments } from "../documents/seed"
import { seedMarketplace } from "../marketplace/seed/seed"
import { seedNotifications } from "../notifications/seed"
import type { Database } from "./schema"

export interface SeedContext {
  readonly hashPassword: (password: string) => Promise<string>
  readonly now: Date
}

export interface SeedReport {
  /** e.g. "demo users": created 3, kept 0 */
  readonly name: string
  readonly created: number
  readonly kept: number
}

export type Seeder = (db: Kysely<Database>, context: SeedContext) => Promise<SeedReport>

/** In order: later domains (notifications, marketplace) append theirs and may rely on the users existing. */
export const seeders: readonly Seeder[] = [seedDemoUsers, seedMarketplace, seedDocuments, seedNotifications]

export async function seedDemo(db: Kysely<Database>, context: SeedContext): Promise<SeedReport[]> {
  const reports: SeedReport[] = []
  for (const seeder of seeders) reports.push(await seeder(db, context))
  return reports
}

/** "Empty" means nobody could sign in: no user rows at all. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom("app_user")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
  return Number(row.n) === 0
}

export const seedContext = (params: HashParams, now: Date): SeedContext => ({
  hashPassword: (password) => hashPassword(password, params),
  now,
})
