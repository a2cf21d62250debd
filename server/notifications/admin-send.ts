// An admin sends a notification to one person (by email) or to everyone of a category. It goes through
// notify() like every other notification, so it is delivered live on every instance.
import type { Kysely } from "kysely"
import type { AdminSendBody, AdminSendResponse } from "../../src/schema/notifications/notifications"
import type { AuthUser } from "../auth/users"
import { normalizeEmail } from "../auth/users"
import type { Database } from "../db/schema"
import { invalid } from "../errors"
import { type NotifyRecipients, notify } from "./notify"

async function recipientsOf(db: Kysely<Database>, body: AdminSendBody): Promise<NotifyRecipients> {
  const { recipient_email: email, recipient_category: category } = body
  if (email !== undefined && category !== undefined)
    throw invalid("recipient_email: Give either recipient_email or recipient_category, not both.")
  if (email !== undefined) {
    const user = await db
      .selectFrom("app_user")
      .select("id")
      .where("email", "=", normalizeEmail(email))
      .executeTakeFirst()
    if (!user) throw invalid("recipient_email: No user has this email.")
    return { userIds: [user.id] }
  }
  if (category !== undefined) {
    const any = await db
      .selectFrom("app_user")
      .select("id")
      .where("user_category", "=", category)
      .executeTakeFirst()
    if (!any) throw invalid("recipient_category: No user has this category.")
    return { categories: [category] }
  }
  throw invalid("recipient_email: Give recipient_email or recipient_category.")
}

export async function adminSend(
  db: Kysely<Database>,
  sender: AuthUser,
  body: AdminSendBody,
): Promise<AdminSendResponse> {
  const to = await recipientsOf(db, body)
  const ids = await notify(db, {
    to,
    title: body.title.trim(),
    message: body.message.trim(),
    notification_type: body.notification_type ?? "system",
    priority: body.priority ?? "medium",
    action_url: body.action_url ?? null,
    sender_name: sender.full_name,
  })
  return { created: ids.length, ids }
}
