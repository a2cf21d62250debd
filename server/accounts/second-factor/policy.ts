// Which categories must have a second factor: none until an admin says so, so that the demo and existing
// teams sign in as before. An account that must but has none sets one up right after its password.
import type { Kysely, Transaction } from "kysely"
import type { Database } from "../../db/schema"

type Db = Kysely<Database> | Transaction<Database>

export async function requiredCategories(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("second_factor_policy")
    .select("user_category")
    .orderBy("user_category")
    .execute()
  return rows.map((row) => row.user_category)
}

export async function setRequiredCategories(
  db: Kysely<Database>,
  categories: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(categories)]
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("second_factor_policy").execute()
    if (unique.length > 0)
      await tx
        .insertInto("second_factor_policy")
        .values(unique.map((user_category) => ({ user_category })))
        .execute()
  })
  return requiredCategories(db)
}

export async function isRequired(db: Db, category: string): Promise<boolean> {
  const row = await db
    .selectFrom("second_factor_policy")
    .select("user_category")
    .where("user_category", "=", category)
    .executeTakeFirst()
  return row !== undefined
}
