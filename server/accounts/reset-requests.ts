// "Forgot password" requests, limited per email and per client address. Every request is recorded first and
// then counted with the others (as sign-in failures are, server/auth/login-failures.ts), so that requests sent
// together get no more answers than the limit allows. Unknown emails count the same as known ones.
import { type Kysely, sql } from "kysely"
import type { RateLimit } from "../auth/constants"
import type { Database } from "../db/schema"

type Db = Kysely<Database>

export interface ResetLimits {
  readonly perEmail: RateLimit
  readonly perAddress: RateLimit
}

export interface ResetAttempt {
  readonly email: string
  readonly address: string
}

/** Records the request; answers the seconds to wait when it is past a limit, else 0. */
export async function recordResetRequest(
  db: Db,
  attempt: ResetAttempt,
  now: Date,
  limits: ResetLimits,
): Promise<number> {
  await db
    .insertInto("reset_request")
    .values({ ...attempt, requested_at: now })
    .execute()
  const longest = Math.max(limits.perEmail.windowMs, limits.perAddress.windowMs)
  await db
    .deleteFrom("reset_request")
    .where("requested_at", "<=", new Date(now.getTime() - longest))
    .execute()
  const emailSince = new Date(now.getTime() - limits.perEmail.windowMs)
  const addressSince = new Date(now.getTime() - limits.perAddress.windowMs)
  const inEmail = sql`email = ${attempt.email} and requested_at > ${emailSince}`
  const inAddress = sql`address = ${attempt.address} and requested_at > ${addressSince}`
  const row = await db
    .selectFrom("reset_request")
    .select([
      sql<string>`count(*) filter (where ${inEmail})`.as("email"),
      sql<Date | null>`min(requested_at) filter (where ${inEmail})`.as("email_oldest"),
      sql<string>`count(*) filter (where ${inAddress})`.as("address"),
      sql<Date | null>`min(requested_at) filter (where ${inAddress})`.as("address_oldest"),
    ])
    .where((eb) => eb.or([eb("email", "=", attempt.email), eb("address", "=", attempt.address)]))
    .executeTakeFirstOrThrow()
  const wait = (count: string, oldest: Date | null, limit: RateLimit): number =>
    Number(count) > limit.max && oldest !== null
      ? Math.max(1, (new Date(oldest).getTime() + limit.windowMs - now.getTime()) / 1000)
      : 0
  return Math.max(
    wait(row.email, row.email_oldest, limits.perEmail),
    wait(row.address, row.address_oldest, limits.perAddress),
  )
}
