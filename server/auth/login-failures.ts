// Failed sign-ins, kept in the database so that every instance counts the same attempts. Only failures count:
// an office of coordinators signing in from one address is never stopped by its own successes. Two limits:
// per account (guessing one password) and, with a higher ceiling, per client address (trying many accounts).
// Unknown emails are counted too: the limit must not reveal whether an account exists.
// The per-account limit counts only browsers without a device cookie for the account (./device-cookie.ts): a
// browser holding one is counted on its cookie's nonce instead, under the same ceiling, so guessers lock out
// only untrusted browsers, and a trusted one that guesses locks out only itself.
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
  /** The nonce of a valid device cookie for this very account, or null: an untrusted browser. */
  readonly device: string | null
}

export interface Counts {
  /** Failures of untrusted browsers for the account. */
  readonly account: number
  readonly accountOldest: Date | null
  /** Failures of the device cookie given (0 without one). */
  readonly device: number
  readonly deviceOldest: Date | null
  readonly address: number
  readonly addressOldest: Date | null
}

/** The counts for an attempt; `device` may be a candidate nonce whose account is not checked yet. */
export async function countFailures(
  db: Db,
  attempt: Attempt,
  now: Date,
  limits: LoginLimits,
): Promise<Counts> {
  const accountSince = new Date(now.getTime() - limits.perAccount.windowMs)
  const addressSince = new Date(now.getTime() - limits.perAddress.windowMs)
  const inAccount = sql`email = ${attempt.email} and device is null and failed_at > ${accountSince}`
  const inDevice =
    attempt.device === null ? sql`false` : sql`device = ${attempt.device} and failed_at > ${accountSince}`
  const inAddress = sql`address = ${attempt.address} and failed_at > ${addressSince}`
  const row = await db
    .selectFrom("login_failure")
    .select([
      sql<string>`count(*) filter (where ${inAccount})`.as("account"),
      sql<Date | null>`min(failed_at) filter (where ${inAccount})`.as("account_oldest"),
      sql<string>`count(*) filter (where ${inDevice})`.as("device"),
      sql<Date | null>`min(failed_at) filter (where ${inDevice})`.as("device_oldest"),
      sql<string>`count(*) filter (where ${inAddress})`.as("address"),
      sql<Date | null>`min(failed_at) filter (where ${inAddress})`.as("address_oldest"),
    ])
    .where((eb) => eb.or([eb("email", "=", attempt.email), eb("address", "=", attempt.address)]))
    .where("failed_at", ">", accountSince < addressSince ? accountSince : addressSince)
    .executeTakeFirstOrThrow()
  const date = (value: Date | null) => (value === null ? null : new Date(value))
  return {
    account: Number(row.account),
    accountOldest: date(row.account_oldest),
    device: Number(row.device),
    deviceOldest: date(row.device_oldest),
    address: Number(row.address),
    addressOldest: date(row.address_oldest),
  }
}

/** Seconds until the oldest counted failure leaves its window, at least 1. */
const waitFor = (oldest: Date | null, limit: RateLimit, now: Date): number =>
  oldest === null ? 1 : Math.max(1, (oldest.getTime() + limit.windowMs - now.getTime()) / 1000)

/**
 * Seconds to wait when `counts` reach a limit (`over`: only when they pass it), else 0. A trusted browser
 * (`trusted`: its device cookie names this account) answers to its own count, never to the account's.
 */
export function lockFrom(
  counts: Counts,
  trusted: boolean,
  limits: LoginLimits,
  now: Date,
  over: boolean,
): number {
  const reached = (n: number, limit: RateLimit) => (over ? n > limit.max : n >= limit.max)
  const [own, ownOldest] = trusted
    ? [counts.device, counts.deviceOldest]
    : [counts.account, counts.accountOldest]
  return Math.max(
    reached(own, limits.perAccount) ? waitFor(ownOldest, limits.perAccount, now) : 0,
    reached(counts.address, limits.perAddress) ? waitFor(counts.addressOldest, limits.perAddress, now) : 0,
  )
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
  return lockFrom(await countFailures(db, attempt, now, limits), attempt.device !== null, limits, now, true)
}

/**
 * After the right password: seconds to wait when failures recorded while it was hashing reached a limit (then
 * it gets no verdict either, or a burst of guesses could slip one past the limit), else 0, and the failures
 * this browser answers to are forgiven: its device cookie's, or the untrusted ones of the account (a trusted
 * browser signing in does not forgive a guesser elsewhere). The address keeps its failures against others.
 */
export async function settleSuccess(
  db: Db,
  attempt: Attempt,
  now: Date,
  limits: LoginLimits,
): Promise<number> {
  const counts = await countFailures(db, attempt, now, limits)
  const trusted = attempt.device !== null
  const wait = lockFrom(counts, trusted, limits, now, false)
  if (wait === 0 && attempt.device !== null && counts.device > 0)
    await db.deleteFrom("login_failure").where("device", "=", attempt.device).execute()
  if (wait === 0 && !trusted && counts.account > 0)
    await db
      .deleteFrom("login_failure")
      .where("email", "=", attempt.email)
      .where("device", "is", null)
      .execute()
  return wait
}
