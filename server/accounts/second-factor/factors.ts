// The second factors an account has: a confirmed authenticator app, recovery codes (which go with the app),
// and passkeys. What a sign-in may be completed with follows from them.
import type { Kysely, Transaction } from "kysely"
import type { SecondFactorMethod } from "../../../src/schema/accounts/second-factor"
import { SECOND_FACTOR_MESSAGES } from "../../../src/schema/accounts/second-factor"
import type { Database } from "../../db/schema"
import { conflict } from "../../errors"
import { isRequired } from "./policy"
import { recoveryCodesLeft } from "./recovery-codes"

type Db = Kysely<Database> | Transaction<Database>

export interface Factors {
  readonly totp: boolean
  readonly recoveryCodes: number
  readonly passkeys: number
}

export async function factorsOf(db: Db, userId: number): Promise<Factors> {
  const [totp, recoveryCodes, passkeys] = await Promise.all([
    db
      .selectFrom("totp_factor")
      .select("user_id")
      .where("user_id", "=", userId)
      .where("confirmed_at", "is not", null)
      .executeTakeFirst(),
    recoveryCodesLeft(db, userId),
    db
      .selectFrom("passkey")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
  ])
  return { totp: totp !== undefined, recoveryCodes, passkeys: Number(passkeys.n) }
}

export const hasFactor = (factors: Factors): boolean => factors.totp || factors.passkeys > 0

/** The ways a sign-in of this account may be completed, in the order the page offers them. */
export function methodsOf(factors: Factors): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = []
  if (factors.totp) methods.push("totp")
  if (factors.totp && factors.recoveryCodes > 0) methods.push("recovery")
  if (factors.passkeys > 0) methods.push("passkey")
  return methods
}

/**
 * Refuses to remove a factor that is the account's last while the policy requires one: `remaining` is what
 * the account would keep.
 */
export async function ensureNotLastRequired(db: Db, category: string, remaining: Factors): Promise<void> {
  if (!hasFactor(remaining) && (await isRequired(db, category)))
    throw conflict(SECOND_FACTOR_MESSAGES.lastRequired)
}
