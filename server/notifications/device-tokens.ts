// Push registrations, one per browser. The browser's device_id is the key: registering again (a new FCM
// token, or another user signing in on the same browser) updates that row instead of piling up stale ones.
import { type Kysely, sql, type Transaction } from "kysely"
import type { DeviceToken, DeviceTokenRegisterBody } from "../../src/schema/notifications/notifications"
import { hashToken } from "../auth/token-crypto"
import type { Database } from "../db/schema"
import { isUuid } from "../ids"

type Db = Kysely<Database> | Transaction<Database>

export async function registerDeviceToken(
  db: Db,
  userId: number,
  body: DeviceTokenRegisterBody,
  now: Date,
): Promise<DeviceToken> {
  const row = await db
    .insertInto("device_token")
    .values({
      user_id: userId,
      device_id: body.device_id,
      device_type: body.device_type,
      fcm_token: body.fcm_token,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column("device_id").doUpdateSet({
        user_id: userId,
        device_type: body.device_type,
        fcm_token: body.fcm_token,
        updated_at: now,
      }),
    )
    // xmax is 0 only on a freshly inserted row version: the one reliable "inserted, not updated" signal.
    .returning(["id", "device_id", "device_type", sql<boolean>`xmax = 0`.as("inserted")])
    .executeTakeFirstOrThrow()
  return {
    id: row.id,
    device_id: row.device_id,
    device_type: row.device_type,
    created: row.inserted,
  }
}

/** Only the user's own registration is removed: another user's device id is simply not theirs to drop. */
export async function unregisterDeviceToken(db: Db, userId: number, deviceId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("device_token")
    .where("device_id", "=", deviceId)
    .where("user_id", "=", userId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/**
 * Logout: the browser says which device it is (`?device_id=`), the refresh cookie says whose session ends.
 * The access token is already gone from the client by then, so the cookie is the only proof of the user.
 */
export async function unregisterDeviceOfSession(
  db: Db,
  rawRefresh: string | undefined,
  deviceId: unknown,
): Promise<boolean> {
  if (!rawRefresh || typeof deviceId !== "string" || !isUuid(deviceId)) return false
  const result = await db
    .deleteFrom("device_token")
    .where("device_id", "=", deviceId)
    .where("user_id", "in", (qb) =>
      qb.selectFrom("refresh_token").select("user_id").where("token_hash", "=", hashToken(rawRefresh)),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
