// One-time links (an invitation, a password reset): `<selector><secret>`, 16 and 43 characters, with no dot
// (the server serves the app for a path whose last segment has none). The selector finds the row; only
// the SHA-256 of the secret is stored, and it is compared in constant time, so neither the database nor the
// time an answer takes gives a link away. A link works once, until it expires or an admin revokes it.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import type { Kysely } from "kysely"
import type { Database } from "../db/schema"
import type { LinkPurpose } from "./tables"

type Db = Kysely<Database>

const SELECTOR_BYTES = 12
const SECRET_BYTES = 32

const digest = (secret: string): Buffer => createHash("sha256").update(secret).digest()

export interface IssuedLink {
  readonly token: string
  readonly expiresAt: Date
}

/** Why a link no longer works, for a page that says so instead of showing a form. */
export type LinkState = "open" | "unknown" | "expired" | "revoked" | "used"

export interface FoundLink {
  readonly state: LinkState
  readonly id: number
  readonly userId: number
  readonly expiresAt: Date
}

/** A new link for the account; earlier open links of the same purpose stop working (a resend replaces). */
export async function issueLink(
  db: Db,
  input: { userId: number; purpose: LinkPurpose; createdBy: number | null; now: Date; ttlMs: number },
): Promise<IssuedLink> {
  const selector = randomBytes(SELECTOR_BYTES).toString("base64url")
  const secret = randomBytes(SECRET_BYTES).toString("base64url")
  const expiresAt = new Date(input.now.getTime() + input.ttlMs)
  await revokeOpenLinks(db, input.userId, input.purpose, input.now)
  await db
    .insertInto("account_link")
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      selector,
      verifier_hash: digest(secret).toString("hex"),
      created_by: input.createdBy,
      created_at: input.now,
      expires_at: expiresAt,
    })
    .execute()
  return { token: `${selector}${secret}`, expiresAt }
}

export async function revokeOpenLinks(
  db: Db,
  userId: number,
  purpose: LinkPurpose,
  now: Date,
): Promise<number> {
  const result = await db
    .updateTable("account_link")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

const TOKEN = /^([A-Za-z0-9_-]{16})([A-Za-z0-9_-]{43})$/

/** What a token names, and whether it still works. `forUpdate`: inside the transaction that uses it. */
export async function findLink(
  db: Db,
  token: string,
  purpose: LinkPurpose,
  now: Date,
  forUpdate = false,
): Promise<FoundLink | null> {
  const match = TOKEN.exec(token)
  if (!match) return null
  const [, selector = "", secret = ""] = match
  let query = db
    .selectFrom("account_link")
    .select(["id", "user_id", "verifier_hash", "expires_at", "used_at", "revoked_at"])
    .where("selector", "=", selector)
    .where("purpose", "=", purpose)
  if (forUpdate) query = query.forUpdate()
  const row = await query.executeTakeFirst()
  if (!row) return null
  const stored = Buffer.from(row.verifier_hash, "hex")
  const given = digest(secret)
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null
  const state: LinkState =
    row.used_at !== null
      ? "used"
      : row.revoked_at !== null
        ? "revoked"
        : row.expires_at.getTime() <= now.getTime()
          ? "expired"
          : "open"
  return { state, id: row.id, userId: row.user_id, expiresAt: row.expires_at }
}

export async function markUsed(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable("account_link").set({ used_at: now }).where("id", "=", id).execute()
}
