// Failed logins per account email, kept in the database so that every instance counts the same attempts.
// Unknown emails are counted too: the limit must not reveal whether an account exists.
import type { Kysely } from "kysely"
import type { Database } from "../db/schema"
import type { RateLimit } from "./constants"

type Db = Kysely<Database>

/** Seconds until the account may try again, or 0 when it is under the limit. */
export async function lockedForSeconds(db: Db, email: string, now: Date, limit: RateLimit): Promise<number> {
  const since = new Date(now.getTime() - limit.windowMs)
  const row = await db
    .selectFrom("login_failure")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("failed_at").as("oldest")])
    .where("email", "=", email)
    .where("failed_at", ">", since)
    .executeTakeFirstOrThrow()
  if (Number(row.n) < limit.max || row.oldest === null) return 0
  const oldest = new Date(row.oldest).getTime()
  return Math.max(1, (oldest + limit.windowMs - now.getTime()) / 1000)
}

export async function recordFailure(db: Db, email: string, now: Date, limit: RateLimit): Promise<void> {
  await db.insertInto("login_failure").values({ email, failed_at: now }).execute()
  // Sweep every account's expired failures, so emails tried once and never again do not pile up.
  await db
    .deleteFrom("login_failure")
    .where("failed_at", "<=", new Date(now.getTime() - limit.windowMs))
    .execute()
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom("login_failure").where("email", "=", email).execute()
}
