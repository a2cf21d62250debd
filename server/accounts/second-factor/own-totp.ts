// Your own authenticator app: started with a new secret (pending), confirmed by a first code from the app,
// which also issues ten recovery codes; removed (with the recovery codes) after the password is asked again.
// A code is accepted once: the step it belongs to must be later than the last one accepted.
import type { Kysely, Transaction } from "kysely"
import { SECOND_FACTOR_MESSAGES, type TotpSetup } from "../../../src/schema/accounts/second-factor"
import type { AuthDeps } from "../../auth/session"
import type { AuthUser } from "../../auth/users"
import type { Database } from "../../db/schema"
import { conflict, invalid, notFound } from "../../errors"
import { notifySecurity } from "../account-notices"
import { ensureNotLastRequired, factorsOf } from "./factors"
import { SECOND_FACTOR_NOTICES } from "./notices"
import { issueRecoveryCodes } from "./recovery-codes"
import { matchingStep, newTotpSecret, totpSetup } from "./totp"

type Db = Kysely<Database> | Transaction<Database>

export const TOTP_MESSAGES = {
  alreadySet: "An authenticator app is set up already: remove it first.",
  noneStarted: "Start adding an authenticator app first.",
  none: "No authenticator app is set up.",
} as const

/** A new pending secret (replacing a pending one); a 409 when a confirmed app exists. */
export async function startTotp(db: Db, user: AuthUser, issuer: string, now: Date): Promise<TotpSetup> {
  const secret = newTotpSecret()
  const result = await db
    .insertInto("totp_factor")
    .values({ user_id: user.id, secret, confirmed_at: null, last_step: null, created_at: now })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ secret, created_at: now, last_step: null })
        .where("totp_factor.confirmed_at", "is", null),
    )
    .executeTakeFirst()
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) throw conflict(TOTP_MESSAGES.alreadySet)
  return totpSetup(secret, user.email, issuer)
}

/**
 * Accepts `code` for the account's app (confirmed or, with `pending`, not yet): true when it matches a step
 * within the skew that is later than the last one accepted, which it then becomes.
 */
export async function acceptTotp(db: Db, userId: number, code: string, nowMs: number, pending = false) {
  const row = await db
    .selectFrom("totp_factor")
    .select(["secret", "confirmed_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst()
  if (!row || (row.confirmed_at === null) !== pending) return false
  const step = matchingStep(row.secret, code, nowMs)
  if (step === null) return false
  const taken = await db
    .updateTable("totp_factor")
    .set({ last_step: String(step) })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", String(step))]))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) > 0
}

/** Confirms the pending app with its first code: answers the ten recovery codes. */
export async function confirmTotp(db: Kysely<Database>, userId: number, code: string, now: Date) {
  const pending = await db
    .selectFrom("totp_factor")
    .select("confirmed_at")
    .where("user_id", "=", userId)
    .executeTakeFirst()
  if (!pending) throw conflict(TOTP_MESSAGES.noneStarted)
  if (pending.confirmed_at !== null) throw conflict(TOTP_MESSAGES.alreadySet)
  if (!(await acceptTotp(db, userId, code, now.getTime(), true)))
    throw invalid(SECOND_FACTOR_MESSAGES.wrongCode)
  return activateTotp(db, userId, now)
}

/** The pending app, its first code accepted, becomes the account's: ten recovery codes, told to its owner. */
export async function activateTotp(db: Kysely<Database>, userId: number, now: Date): Promise<string[]> {
  const codes = await db.transaction().execute(async (tx) => {
    await tx.updateTable("totp_factor").set({ confirmed_at: now }).where("user_id", "=", userId).execute()
    return issueRecoveryCodes(tx, userId)
  })
  await notifySecurity(db, userId, SECOND_FACTOR_NOTICES.totpAdded())
  return codes
}

/** Removes the app and its recovery codes; refused when it is the last factor the policy requires. */
export async function removeTotp(deps: AuthDeps, user: AuthUser): Promise<void> {
  const factors = await factorsOf(deps.db, user.id)
  if (!factors.totp) throw notFound(TOTP_MESSAGES.none)
  await ensureNotLastRequired(deps.db, user.user_category, { ...factors, totp: false, recoveryCodes: 0 })
  await deps.db.transaction().execute(async (tx) => {
    await tx.deleteFrom("totp_factor").where("user_id", "=", user.id).execute()
    await tx.deleteFrom("recovery_code").where("user_id", "=", user.id).execute()
  })
  await notifySecurity(deps.db, user.id, SECOND_FACTOR_NOTICES.totpRemoved())
}
