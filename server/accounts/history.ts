// Each change to an account, kept with who made it and when: the staff page shows it, support reads it.
import type { Kysely, Transaction } from "kysely"
import type { Database } from "../db/schema"

type Db = Kysely<Database> | Transaction<Database>

export type AccountEventKind =
  | "created"
  | "invited"
  | "invitation_resent"
  | "invitation_revoked"
  | "invitation_accepted"
  | "category_changed"
  | "deactivated"
  | "reactivated"
  | "password_changed"
  | "password_reset"
  | "reset_link_issued"
  | "second_factor_reset"

export interface AccountEventInput {
  readonly userId: number
  readonly actorId: number | null
  readonly kind: AccountEventKind
  /** A sentence for the history, e.g. "Category admin → website_coordinator". */
  readonly detail: string
  readonly now: Date
}

export async function recordAccountEvent(db: Db, event: AccountEventInput): Promise<void> {
  await db
    .insertInto("account_event")
    .values({
      user_id: event.userId,
      actor_id: event.actorId,
      kind: event.kind,
      detail: event.detail,
      created_at: event.now,
    })
    .execute()
}

export async function accountHistory(db: Db, userId: number, limit = 50) {
  return db
    .selectFrom("account_event as e")
    .leftJoin("app_user as a", "a.id", "e.actor_id")
    .select([
      "e.id",
      "e.kind",
      "e.detail",
      "e.created_at",
      "a.full_name as actor_name",
      "a.email as actor_email",
    ])
    .where("e.user_id", "=", userId)
    .orderBy("e.created_at", "desc")
    .orderBy("e.id", "desc")
    .limit(limit)
    .execute()
}
