// What a staff change tells others: the admins' open staff pages hear it live (one change-log entry per active
// admin, so that nobody else's socket carries it), and the account concerned is told of a category change or
// a deactivation made by an admin, in its notifications.
import type { Kysely, Transaction } from "kysely"
import { ROUTES } from "../../src/schema/system/app-routes"
import type { Database } from "../db/schema"
import { appendLiveChanges } from "../live/change-log"
import { notify } from "../notifications/notify"

type Db = Kysely<Database> | Transaction<Database>

/** In the change's transaction: the entries become visible, and wake the admins' sockets, when it commits. */
export async function announceStaffChange(db: Db, memberId: number): Promise<void> {
  const admins = await db
    .selectFrom("app_user")
    .select("id")
    .where("user_category", "=", "admin")
    .where("status", "=", "active")
    .execute()
  await appendLiveChanges(
    db,
    admins.map((a) => ({ topic: "staff", userId: a.id, ref: String(memberId) })),
  )
}

export const ACCOUNT_UPDATE_WORDS = {
  categoryTitle: "Your role changed",
  category: (by: string, from: string, to: string) => `${by} changed your category from ${from} to ${to}.`,
  deactivatedTitle: "Your account was deactivated",
  deactivated: (by: string) => `${by} deactivated your account. Ask an admin to reactivate it.`,
} as const

export interface AccountUpdate {
  readonly userId: number
  readonly actorName: string
  readonly category?: { readonly from: string; readonly to: string }
  readonly deactivated: boolean
}

/** The account's own notice of what an admin changed; it reads it at /user-settings. */
export async function notifyAccountUpdate(db: Db, update: AccountUpdate): Promise<void> {
  const base = {
    to: { userIds: [update.userId] },
    notification_type: "account_update",
    action_url: ROUTES.userSettings,
    sender_name: update.actorName,
  } as const
  if (update.category)
    await notify(db, {
      ...base,
      title: ACCOUNT_UPDATE_WORDS.categoryTitle,
      message: ACCOUNT_UPDATE_WORDS.category(update.actorName, update.category.from, update.category.to),
      priority: "high",
    })
  if (update.deactivated)
    await notify(db, {
      ...base,
      title: ACCOUNT_UPDATE_WORDS.deactivatedTitle,
      message: ACCOUNT_UPDATE_WORDS.deactivated(update.actorName),
      priority: "high",
    })
}
