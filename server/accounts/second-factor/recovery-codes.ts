// Recovery codes: ten random single-use codes, shown once and stored as SHA-256 (each carries 50 random bits,
// which no fast hash makes guessable within the sign-in limits). A new set replaces the old one whole.
import { createHash, randomInt } from "node:crypto"
import type { Kysely, Transaction } from "kysely"
import { RECOVERY_CODE_COUNT } from "../../../src/schema/accounts/second-factor"
import type { Database } from "../../db/schema"

type Db = Kysely<Database> | Transaction<Database>

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"

/** "abcde-fghjk": ten characters of an alphabet without look-alikes. */
function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)])
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`
}

const hashCode = (code: string): string =>
  createHash("sha256").update(code.trim().toLowerCase().replace(/[\s-]/g, "")).digest("base64url")

/** Replaces the account's codes with ten new ones, answered once. */
export async function issueRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode)
  await db.deleteFrom("recovery_code").where("user_id", "=", userId).execute()
  await db
    .insertInto("recovery_code")
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashCode(code) })))
    .execute()
  return codes
}

/** Uses one code: true when it was the account's and unused (it is used now). */
export async function spendRecoveryCode(db: Db, userId: number, code: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable("recovery_code")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashCode(code))
    .where("used_at", "is", null)
    .executeTakeFirst()
  return Number(used.numUpdatedRows) > 0
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("recovery_code")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
