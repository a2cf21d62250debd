// A sign-in whose password was right but which still needs its second factor (or, under the policy, its
// setup): an opaque random token names it, stored as its SHA-256, valid for SECOND_FACTOR_CHALLENGE_SECONDS
// and taken once, by the step that completes the sign-in. A wrong code leaves it (the person may retype),
// and counts as a failed sign-in instead.
import { createHash, randomBytes } from "node:crypto"
import type { Kysely, Transaction } from "kysely"
import { SECOND_FACTOR_MESSAGES } from "../../../src/schema/accounts/second-factor"
import type { Database } from "../../db/schema"
import { unauthorized } from "../../errors"

type Db = Kysely<Database> | Transaction<Database>
export type ChallengeKind = "second_factor" | "setup_required"

const hashToken = (token: string): string => createHash("sha256").update(token).digest("base64url")

export async function openChallenge(
  db: Db,
  userId: number,
  kind: ChallengeKind,
  now: Date,
  seconds: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url")
  // Sweep the expired ones, so abandoned sign-ins do not pile up.
  await db.deleteFrom("login_challenge").where("expires_at", "<=", now).execute()
  await db
    .insertInto("login_challenge")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      kind,
      expires_at: new Date(now.getTime() + seconds * 1000),
    })
    .execute()
  return token
}

/** The account a live token of `kind` names; a 401 for anything else. */
export async function readChallenge(db: Db, token: string, kind: ChallengeKind, now: Date): Promise<number> {
  const row = await db
    .selectFrom("login_challenge")
    .select("user_id")
    .where("token_hash", "=", hashToken(token))
    .where("kind", "=", kind)
    .where("expires_at", ">", now)
    .executeTakeFirst()
  if (!row) throw unauthorized(SECOND_FACTOR_MESSAGES.challengeInvalid)
  return row.user_id
}

/** Takes the token: exactly one of two requests completing the same sign-in at once gets it. */
export async function takeChallenge(db: Db, token: string, kind: ChallengeKind, now: Date): Promise<number> {
  const row = await db
    .deleteFrom("login_challenge")
    .where("token_hash", "=", hashToken(token))
    .where("kind", "=", kind)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst()
  if (!row) throw unauthorized(SECOND_FACTOR_MESSAGES.challengeInvalid)
  return row.user_id
}
