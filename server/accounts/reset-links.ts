// An admin issues a password-reset link for someone who cannot use "Forgot password?" (no mail configured, or
// no access to the mailbox): the admin hands it over. Only an active account gets one; a new link replaces an
// open one, and the event is kept in the account's history.
import type { Kysely } from "kysely"
import type { AuthUser } from "../auth/users"
import type { Database } from "../db/schema"
import { conflict, notFound } from "../errors"
import { RESET_TTL_MS } from "./constants"
import { recordAccountEvent } from "./history"
import { type IssuedLink, issueLink } from "./links"

type Db = Kysely<Database>

export const RESET_LINK_MESSAGES = {
  notActive: "Only an active account can get a password-reset link.",
} as const

export async function issueResetLink(db: Db, actor: AuthUser, rawId: string, now: Date): Promise<IssuedLink> {
  const id = Number(rawId)
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound("No such account.")
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("app_user")
      .select(["id", "status"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst()
    if (!row) throw notFound("No such account.")
    if (row.status !== "active") throw conflict(RESET_LINK_MESSAGES.notActive)
    const link = await issueLink(tx, {
      userId: row.id,
      purpose: "reset",
      createdBy: actor.id,
      now,
      ttlMs: RESET_TTL_MS,
    })
    await recordAccountEvent(tx, {
      userId: row.id,
      actorId: actor.id,
      kind: "reset_link_issued",
      detail: "Password-reset link issued",
      now,
    })
    return link
  })
}
