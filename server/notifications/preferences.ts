// Per-type channel switches. A user without a row has every switch on; the row is made on first read so
// that the client always has an `id` to PUT back to.
import { Schema } from "effect"
import { type Kysely, sql, type Transaction } from "kysely"
import {
  type Channel,
  NOTIFICATION_TYPES,
  type NotificationType,
  type Preferences,
  type PreferencesUpdate,
  TypeSwitches,
} from "../../src/schema/notifications/notifications"
import type { Database } from "../db/schema"
import { notFound } from "../errors"

type Db = Kysely<Database> | Transaction<Database>

export const PREFERENCES_NOT_FOUND = "Preferences not found."

/** Every switch on; decoded, so that a type missing from the list could not pass unnoticed. */
const DEFAULT_SWITCHES: TypeSwitches = Schema.decodeUnknownSync(TypeSwitches)(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, { in_app: true, push: true }])),
)

export const defaultSwitches = (): TypeSwitches => DEFAULT_SWITCHES

interface PreferenceRow {
  readonly id: number
  readonly types: TypeSwitches
  readonly push_token: string | null
}

/** A row written by an older version may lack a type added since: missing switches read as on. */
const toPreferences = (row: PreferenceRow): Preferences => ({
  id: row.id,
  types: { ...defaultSwitches(), ...row.types },
  push_token: row.push_token,
})

export async function getPreferences(db: Db, userId: number, now: Date): Promise<Preferences> {
  const existing = await db
    .selectFrom("notification_preference")
    .select(["id", "types", "push_token"])
    .where("user_id", "=", userId)
    .executeTakeFirst()
  if (existing) return toPreferences(existing)
  // Two tabs may read at once: the loser of the insert race reads the winner's row.
  await db
    .insertInto("notification_preference")
    .values({ user_id: userId, types: JSON.stringify(defaultSwitches()), push_token: null, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute()
  const row = await db
    .selectFrom("notification_preference")
    .select(["id", "types", "push_token"])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow()
  return toPreferences(row)
}

/** Replaces the switches of the user's own row; any other id is "not found", whoever it belongs to. */
export async function replacePreferences(
  db: Db,
  userId: number,
  id: number,
  update: PreferencesUpdate,
  now: Date,
): Promise<Preferences> {
  const row = await db
    .updateTable("notification_preference")
    .set({ types: JSON.stringify(update.types), updated_at: now })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning(["id", "types", "push_token"])
    .executeTakeFirst()
  if (!row) throw notFound(PREFERENCES_NOT_FOUND)
  return toPreferences(row)
}

export async function updatePushToken(
  db: Db,
  userId: number,
  token: string,
  now: Date,
): Promise<Preferences> {
  await getPreferences(db, userId, now)
  const row = await db
    .updateTable("notification_preference")
    .set({ push_token: token, updated_at: now })
    .where("user_id", "=", userId)
    .returning(["id", "types", "push_token"])
    .executeTakeFirstOrThrow()
  return toPreferences(row)
}

/** The users among `userIds` who have not switched this type off on this channel. */
export async function channelEnabled(
  db: Db,
  userIds: ReadonlyArray<number>,
  type: NotificationType,
  channel: Channel,
): Promise<number[]> {
  if (userIds.length === 0) return []
  const off = await db
    .selectFrom("notification_preference")
    .select("user_id")
    .where("user_id", "in", [...userIds])
    .where(sql<boolean>`(types -> ${type} ->> ${channel}) = 'false'`)
    .execute()
  const disabled = new Set(off.map((r) => r.user_id))
  return userIds.filter((id) => !disabled.has(id))
}
