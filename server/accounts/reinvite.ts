// A withdrawn invitation leaves its account deactivated and without a password (it never held anything, and
// its history stays). Inviting the same email again reuses that account: invited once more, with the category
// now asked for and a new link. An account that ever had a password is a person's, and is reactivated instead.
import type { Kysely } from "kysely"
import type { AuthUser } from "../auth/users"
import { normalizeEmail } from "../auth/users"
import type { Database } from "../db/schema"
import { INVITATION_TTL_MS } from "./constants"
import { recordAccountEvent } from "./history"
import { type IssuedLink, issueLink } from "./links"
import { announceStaffChange } from "./staff-news"

type Db = Kysely<Database>

/** The account re-invited and its new link, or null when the email has no withdrawn invitation. */
export async function reinviteWithdrawn(
  db: Db,
  actor: AuthUser,
  email: string,
  category: string,
  now: Date,
): Promise<{ readonly userId: number; readonly link: IssuedLink } | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("app_user")
      .select(["id"])
      .where("email", "=", normalizeEmail(email))
      .where("status", "=", "deactivated")
      .where("password_hash", "=", "")
      .forUpdate()
      .executeTakeFirst()
    if (!row) return null
    await tx
      .updateTable("app_user")
      .set((eb) => ({
        status: "invited",
        user_category: category,
        updated_at: now,
        version: eb("version", "+", 1),
      }))
      .where("id", "=", row.id)
      .execute()
    const link = await issueLink(tx, {
      userId: row.id,
      purpose: "invitation",
      createdBy: actor.id,
      now,
      ttlMs: INVITATION_TTL_MS,
    })
    await recordAccountEvent(tx, {
      userId: row.id,
      actorId: actor.id,
      kind: "invited",
      detail: `Invited again as ${category}`,
      now,
    })
    await announceStaffChange(tx, row.id)
    return { userId: row.id, link }
  })
}
