// Refresh token lifecycle: issue (a new family at login), rotate (every refresh), revoke (logout, reuse).
// Reuse of a rotated token means it leaked, so the whole family dies, except for the immediately previous
// token within the grace window, which gets the same successor again (two tabs refreshing together).
import { randomUUID } from "node:crypto"
import type { Kysely } from "kysely"
import type { Database } from "../db/schema"
import { hashToken, newRawToken, openSuccessor, sealSuccessor } from "./token-crypto"

export interface RefreshSettings {
  readonly ttlMs: number
  readonly graceMs: number
}

export interface IssuedRefresh {
  readonly raw: string
  readonly expiresAt: Date
}

/** The token family is the session: its id is the `sid` of every access token issued for it. */
export type RotateResult =
  | { readonly ok: true; readonly userId: number; readonly sessionId: string; readonly token: IssuedRefresh }
  | { readonly ok: false; readonly reason: "unknown" | "expired" | "revoked" }
  | { readonly ok: false; readonly reason: "reused"; readonly sessionId: string }

type Db = Kysely<Database>

async function insertToken(db: Db, familyId: string, userId: number, now: Date, settings: RefreshSettings) {
  const raw = newRawToken()
  const expiresAt = new Date(now.getTime() + settings.ttlMs)
  const row = await db
    .insertInto("refresh_token")
    .values({
      family_id: familyId,
      user_id: userId,
      token_hash: hashToken(raw),
      created_at: now,
      expires_at: expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  return { id: row.id, raw, expiresAt }
}

/** A new token family, at login. Also sweeps the user's long-expired tokens. */
export async function issueRefreshToken(
  db: Db,
  userId: number,
  now: Date,
  settings: RefreshSettings,
): Promise<IssuedRefresh & { readonly sessionId: string }> {
  await db.deleteFrom("refresh_token").where("user_id", "=", userId).where("expires_at", "<", now).execute()
  const sessionId = randomUUID()
  const { raw, expiresAt } = await insertToken(db, sessionId, userId, now, settings)
  return { raw, expiresAt, sessionId }
}

export async function rotateRefreshToken(
  db: Db,
  raw: string,
  now: Date,
  settings: RefreshSettings,
): Promise<RotateResult> {
  // One transaction with the row locked: two concurrent refreshes of one token are serialised, and the
  // second sees the first's rotation and takes the grace path below.
  return db.transaction().execute(async (tx): Promise<RotateResult> => {
    const row = await tx
      .selectFrom("refresh_token")
      .selectAll()
      .where("token_hash", "=", hashToken(raw))
      .forUpdate()
      .executeTakeFirst()
    if (!row) return { ok: false, reason: "unknown" }
    if (row.revoked_at !== null) return { ok: false, reason: "revoked" }
    if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: "expired" }

    if (row.rotated_at === null) {
      const next = await insertToken(tx, row.family_id, row.user_id, now, settings)
      await tx
        .updateTable("refresh_token")
        .set({ rotated_at: now, successor_id: next.id, successor_sealed: sealSuccessor(next.raw, raw) })
        .where("id", "=", row.id)
        .execute()
      // Sealed successors past their grace can never be opened legitimately again: drop them.
      await tx
        .updateTable("refresh_token")
        .set({ successor_sealed: null })
        .where("family_id", "=", row.family_id)
        .where("rotated_at", "<", new Date(now.getTime() - settings.graceMs))
        .where("successor_sealed", "is not", null)
        .execute()
      return {
        ok: true,
        userId: row.user_id,
        sessionId: row.family_id,
        token: { raw: next.raw, expiresAt: next.expiresAt },
      }
    }

    const graceful = await successorWithinGrace(tx, row, raw, now, settings)
    if (graceful) return { ok: true, userId: row.user_id, sessionId: row.family_id, token: graceful }

    await tx
      .updateTable("refresh_token")
      .set({ revoked_at: now })
      .where("family_id", "=", row.family_id)
      .where("revoked_at", "is", null)
      .execute()
    return { ok: false, reason: "reused", sessionId: row.family_id }
  })
}

type TokenRow = {
  readonly rotated_at: Date | null
  readonly successor_id: number | null
  readonly successor_sealed: string | null
}

/** The same successor again, if `row` is the immediately previous token and still within its grace window. */
async function successorWithinGrace(
  tx: Db,
  row: TokenRow,
  raw: string,
  now: Date,
  settings: RefreshSettings,
): Promise<IssuedRefresh | null> {
  if (row.rotated_at === null || row.successor_id === null || row.successor_sealed === null) return null
  if (now.getTime() - row.rotated_at.getTime() > settings.graceMs) return null
  const successor = await tx
    .selectFrom("refresh_token")
    .select(["rotated_at", "revoked_at", "expires_at"])
    .where("id", "=", row.successor_id)
    .executeTakeFirst()
  // Once the successor has itself been rotated, `row` is no longer the immediately previous token.
  if (!successor || successor.rotated_at !== null || successor.revoked_at !== null) return null
  const successorRaw = openSuccessor(row.successor_sealed, raw)
  return successorRaw === null ? null : { raw: successorRaw, expiresAt: successor.expires_at }
}

/**
 * Revokes the family of `raw` (logout) and names it, so that its access tokens can be revoked too. Unknown
 * tokens are ignored (null): logout always succeeds.
 */
export async function revokeRefreshFamily(db: Db, raw: string, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom("refresh_token")
    .select("family_id")
    .where("token_hash", "=", hashToken(raw))
    .executeTakeFirst()
  if (!row) return null
  await db
    .updateTable("refresh_token")
    .set({ revoked_at: now })
    .where("family_id", "=", row.family_id)
    .where("revoked_at", "is", null)
    .execute()
  return row.family_id
}
