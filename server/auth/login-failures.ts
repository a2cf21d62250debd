// Failed sign-ins, kept in the database so that every instance counts the same attempts. Only failures count:
// an office of coordinators signing in from one address is never stopped by its own successes. Two limits:
// per account (guessing one password) and, with a higher ceiling, per client address (trying many accounts).
// Unknown emails are counted too: the limit must not reveal whether an account exists.
import { type Kysely, sql } from "kysely"
import type { Database } from "../db/schema"
import type { RateLimit } from "./constants"

type Db = Kysely<Database>

export interface LoginLimits {
  readonly perAccount: RateLimit
  readonly perAddress: RateLimit
}

/** Who is trying: the normalised email and the client's address key (client-address.ts). */
export interface Attempt {
  readonly email: string
  readonly address: string
}

interface Counts {
  readonly account: number
  readonly accountOldest: Date | null
  readonly address: number
  readonly addressOldest: Date | null
}

async function count(db: Db, attempt: Attempt, now: Date, limits: LoginLimits): Promise<Counts> {
  const accountSince = new Date(now.getTime() - limits.perAccount.windowMs)
  const addressSince = new Date(now.getTime() - limits.perAddress.windowMs)
  const inAccount = sql`email = ${attempt.email} and failed_at > ${accountSince}`
  const inAddress = sql`address = ${attempt.address} and failed_at > ${addressSince}`
  const row = await db
    .selectFrom("login_failure")
    .select([
      sql<string>`count(*) filter (where ${inAccount})`.as("account"),
      sql<Date | null>`min(failed_at) filter (where ${inAccount})`.as("account_oldest"),
      sql<string>`count(*) filter (where ${inAddress})`.as("address"),
      sql<Date | null>`min(failed_at) filter (where ${inAddress})`.as("address_oldest"),
    ])
    .where((eb) => eb.or([eb("email", "=", attempt.email), eb("address", "=", attempt.address)]))
    .where("failed_at", ">", accountSince < addressSince ? accountSince : addressSince)
    .executeTakeFirstOrThrow()
  return {
    account: Number(row.account),
    accountOldest: row.account_oldest === null ? null : new Date(row.account_oldest),
    address: Number(row.address),
    addressOldest: row.address_oldest === null ? null : new Date(row.address_oldest),
  }
}

/** Seconds until the oldest counted failure leaves its window, at least 1. */
const waitFor = (oldest: Date | null, limit: RateLimit, now: Date): number =>
  oldest === null ? 1 : Math.max(1, (oldest.getTime() + limit.windowMs - now.getTime()) / 1000)

/** Seconds to wait when `counts` reach a limit (`over`: only when they pass it), else 0. */
function lockFrom(counts: Counts, limits: LoginLimits, now: Date, over: boolean): number {
  const reached = (n: number, limit: RateLimit) => (over ? n > limit.max : n >= limit.max)
  return Math.max(
    reached(counts.account, limits.perAccount) ? waitFor(counts.accountOldest, limits.perAccount, now) : 0,
    reached(counts.address, limits.perAddress) ? waitFor(counts.addressOldest, limits.perAddress, now) : 0,
  )
}

/** Seconds until this account and this address may both try again, or 0 when neither is at its limit. */
export async function lockedForSeconds(
  db: Db,
  attempt: Attempt,
  now: Date,
  limits: LoginLimits,
): Promise<number> {
  return lockFrom(await count(db, attempt, now, limits), limits, now, false)
}

/**
 * Records a failure, then counts it with every other: a failure beyond a limit gets the seconds to wait
 * instead of its verdict. Attempts sent together all pass the check made before hashing; this is what keeps
 * them from getting more verdicts than the limit allows.
 */
export async function recordFailure(
  db: Db,
  attempt: Attempt,
  now: Date,
  limits: LoginLimits,
): Promise<number> {
  await db
    .insertInto("login_failure")
    .values({ ...attempt, failed_at: now })
    .execute()
  // Sweep expired failures, so emails and addresses tried once and never again do not pile up.
  const longest = Math.max(limits.perAccount.windowMs, limits.perAddress.windowMs)
  await db
    .deleteFrom("login_failure")
    .where("failed_at", "<=", new Date(now.getTime() - longest))
    .execute()
  return lockFrom(await count(db, attempt, now, limits), limits, now, true)
}

/**
 * After the right password: seconds to wait when failures recorded while it was hashing reached a limit (then
 * it gets no verdict either, or a burst of guesses could slip one past the limit), else 0, and the account's
 * failures are forgiven. The address keeps its failures against other accounts.
 */
export async function settleSuccess(
  db: Db,
  attempt: Attempt,
  now: Date,
  limits: LoginLimits,
): Promise<number> {
  const counts = await count(db, attempt, now, limits)
  const wait = lockFrom(counts, limits, now, false)
  if (wait === 0 && counts.account > 0)
    await db.deleteFrom("login_failure").where("email", "=", attempt.email).execute()
  return wait
}
