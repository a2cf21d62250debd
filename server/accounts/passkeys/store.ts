// The passkeys kept per account: the credential's id and public key (base64url), its signature counter, the
// transports the browser reported, the name its owner gave it, and when it was added and last used.
import type { Kysely, Transaction } from "kysely"
import type { Passkey } from "../../../src/schema/accounts/passkeys"
import type { Database } from "../../db/schema"

type Db = Kysely<Database> | Transaction<Database>

const iso = (date: Date | null): string | null => (date === null ? null : new Date(date).toISOString())

export const toPasskeyJson = (row: {
  id: string
  name: string
  created_at: Date
  last_used_at: Date | null
}): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: new Date(row.created_at).toISOString(),
  last_used_at: iso(row.last_used_at),
})

export async function passkeysOf(db: Db, userId: number) {
  return db
    .selectFrom("passkey")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute()
}

export const findByCredentialId = (db: Db, credentialId: string) =>
  db.selectFrom("passkey").selectAll().where("credential_id", "=", credentialId).executeTakeFirst()

/** A passkey of this account by its id (any text: one that names nothing is simply not found). */
export const findOwnPasskey = (db: Db, userId: number, id: string) =>
  db
    .selectFrom("passkey")
    .selectAll()
    .where("user_id", "=", userId)
    .where(
      "id",
      "=",
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
        ? id
        : "00000000-0000-0000-0000-000000000000",
    )
    .executeTakeFirst()

export async function markUsed(db: Db, id: string, counter: number, now: Date): Promise<void> {
  await db
    .updateTable("passkey")
    .set({ counter: String(counter), last_used_at: now })
    .where("id", "=", id)
    .execute()
}

export const transportsOf = (stored: string): string[] => (stored === "" ? [] : stored.split(","))
