// Push for new notifications. Every instance listens on the new-notification channel (after commit, so the
// row is there); the first to claim a row pushes it to the recipient's browsers, if their preferences allow
// push for its type. Tokens the push service reports as gone are deleted, so they are not tried again.
import type { Kysely } from "kysely"
import type { DatabaseHandle, Unlisten } from "../db/database"
import type { Database } from "../db/schema"
import { NEW_NOTIFICATION_CHANNEL, parseNewNotification } from "../notifications/channels"
import { channelEnabled } from "../notifications/preferences"
import type { PushPayload, PushSender } from "./push-sender"

export interface PushLog {
  readonly warn: (message: string, error?: unknown) => void
}

const isForeignKeyViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23503"

export type PushResult = "sent" | "claimed-elsewhere" | "gone" | "read" | "push-off" | "no-devices"

/** Pushes one notification at most once across every instance; says what happened, for the tests. */
export async function pushNotification(
  db: Kysely<Database>,
  sender: PushSender,
  notificationId: number,
  now: Date,
): Promise<PushResult> {
  const claim = await db
    .insertInto("notification_push")
    .values({ notification_id: notificationId, claimed_at: now })
    .onConflict((oc) => oc.column("notification_id").doNothing())
    .returning("notification_id")
    .executeTakeFirst()
    // A row deleted between its NOTIFY and now fails the foreign key: nothing to push.
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error)) return null
      throw error
    })
  if (claim === null) return "gone"
  if (claim === undefined) return "claimed-elsewhere"
  const row = await db
    .selectFrom("notification")
    .select(["user_id", "notification_type", "title", "message", "action_url", "is_read"])
    .where("id", "=", notificationId)
    .executeTakeFirst()
  if (!row) return "gone"
  // Seeds and backfills create rows already read: nobody needs to be told of those.
  if (row.is_read) return "read"
  const allowed = await channelEnabled(db, [row.user_id], row.notification_type, "push")
  if (allowed.length === 0) return "push-off"
  const devices = await db
    .selectFrom("device_token")
    .select("fcm_token")
    .where("user_id", "=", row.user_id)
    .orderBy("id")
    .execute()
  if (devices.length === 0) return "no-devices"
  const payload: PushPayload = {
    title: row.title,
    body: row.message,
    data: {
      notification_id: String(notificationId),
      ...(row.action_url ? { action_url: row.action_url } : {}),
    },
  }
  const outcome = await sender.send(
    devices.map((d) => d.fcm_token),
    payload,
  )
  if (outcome.unregistered.length > 0)
    await db
      .deleteFrom("device_token")
      .where("user_id", "=", row.user_id)
      .where("fcm_token", "in", [...outcome.unregistered])
      .execute()
  return "sent"
}

/**
 * Starts pushing new notifications; the returned function stops. Pushes run one after another, so a burst of
 * notifications (a bulk review) queues here instead of opening a request per row at once.
 */
export async function startPushDispatch(
  database: DatabaseHandle,
  sender: PushSender,
  now: () => Date,
  log: PushLog,
): Promise<Unlisten> {
  let queue: Promise<unknown> = Promise.resolve()
  let stopped = false
  const onNew = (payload: string) => {
    const parsed = parseNewNotification(payload)
    if (!parsed || stopped) return
    queue = queue
      .then(() => pushNotification(database.db, sender, parsed.notificationId, now()))
      .catch((error: unknown) => log.warn("push failed", error))
  }
  const unlisten = await database.listen(NEW_NOTIFICATION_CHANNEL, onNew)
  return async () => {
    stopped = true
    await unlisten()
    await queue
  }
}
