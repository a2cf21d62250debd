// WebAuthn challenges: random, kept until WEBAUTHN_CHALLENGE_SECONDS have passed, and taken once: the check a
// response's challenge goes through deletes it, so a replayed response finds nothing.
import type { Kysely, Transaction } from "kysely"
import type { Database } from "../../db/schema"
import type { WebauthnChallengeTable } from "../second-factor/tables"

type Db = Kysely<Database> | Transaction<Database>
export type ChallengePurpose = WebauthnChallengeTable["purpose"]

export async function keepChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: Date,
  seconds: number,
): Promise<void> {
  await db.deleteFrom("webauthn_challenge").where("expires_at", "<=", now).execute()
  await db
    .insertInto("webauthn_challenge")
    .values({ challenge, purpose, user_id: userId, expires_at: new Date(now.getTime() + seconds * 1000) })
    .execute()
}

/** True once for a live challenge of this purpose (and account, when one is named); false ever after. */
export async function takeWebauthnChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: Date,
): Promise<boolean> {
  let q = db
    .deleteFrom("webauthn_challenge")
    .where("challenge", "=", challenge)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now)
  q = userId === null ? q.where("user_id", "is", null) : q.where("user_id", "=", userId)
  const taken = await q.executeTakeFirst()
  return Number(taken.numDeletedRows) > 0
}
