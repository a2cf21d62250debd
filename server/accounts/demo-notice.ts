// The demo accounts' passwords are in the README: while any of them can sign in, the sign-in page says so,
// so that nobody runs a real team on a server anyone can enter.
import type { Kysely } from "kysely"
import { DEMO_USERS } from "../auth/seed"
import type { Database } from "../db/schema"

export async function demoAccountsExist(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom("app_user")
    .select("id")
    .where(
      "email",
      "in",
      DEMO_USERS.map((user) => user.email),
    )
    .where("status", "=", "active")
    .executeTakeFirst()
  return row !== undefined
}
