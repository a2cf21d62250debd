import { randomBytes } from "node:crypto"
import type { Kysely } from "kysely"
import type { Database } from "./schema"

const SECRET_BYTES = 32

/**
 * The named secret, generated on first use. Insert-then-read (not read-then-insert) so that instances starting
 * together against one PostgreSQL all end up with the single value that won.
 */
export async function loadOrCreateSecret(db: Kysely<Database>, name: string): Promise<string> {
  await db
    .insertInto("server_secret")
    .values({ name, value: randomBytes(SECRET_BYTES).toString("base64url") })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute()
  const row = await db
    .selectFrom("server_secret")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow()
  return row.value
}
