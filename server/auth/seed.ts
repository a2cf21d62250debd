import type { Kysely } from "kysely"
import type { Database } from "../db/schema"
import type { SeedContext, SeedReport } from "../db/seed"

/** The demo accounts listed in README.md. */
export const DEMO_USERS = [
  { email: "admin@example.com", password: "admin-demo-1", full_name: "Ada Admin", user_category: "admin" },
  {
    email: "coordinator@example.com",
    password: "coordinator-demo-1",
    full_name: "Corey Coordinator",
    user_category: "website_coordinator",
  },
  {
    email: "viewer@example.com",
    password: "viewer-demo-1",
    full_name: "Vera Viewer",
    user_category: "support",
  },
] as const

/** Creates the demo users that are missing; an existing account (even with a changed password) is kept as is. */
export async function seedDemoUsers(db: Kysely<Database>, context: SeedContext): Promise<SeedReport> {
  let created = 0
  for (const demo of DEMO_USERS) {
    const exists = await db
      .selectFrom("app_user")
      .select("id")
      .where("email", "=", demo.email)
      .executeTakeFirst()
    if (exists) continue
    const { password, ...profile } = demo
    const result = await db
      .insertInto("app_user")
      .values({
        ...profile,
        password_hash: await context.hashPassword(password),
        created_at: context.now,
        updated_at: context.now,
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .executeTakeFirst()
    created += Number(result.numInsertedOrUpdatedRows ?? 0n)
  }
  return { name: "demo users", created, kept: DEMO_USERS.length - created }
}
