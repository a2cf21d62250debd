import { sql } from "kysely"
import { categoryMay } from "../../src/schema/auth/permissions"
import {
  ApplicationViewParams,
  RequestViewParams,
  SAVED_VIEW_LIMITS,
  type SavedView,
  type SavedViewCreate,
  type SavedViewList,
} from "../../src/schema/marketplace/saved-views"
import type { AuthUser } from "../auth/users"
import { conflict, forbidden, invalid, notFound } from "../errors"
import { decodeOr400 } from "../http/decode"
import { isUuid } from "../ids"
import type { Db } from "./db"
import { submittedRange } from "./records/record-filter-sql"

// Saved views (docs/behaviour.md#saved-views): anyone signed in keeps their own; coordinators and admins
// share them with the team. A view's owner renames and deletes it; an admin also manages the shared ones.

export const SAVED_VIEW_MESSAGES = {
  shareForStaff: "Only coordinators and admins can share a view with the team.",
  notYours: "Only its owner, or an admin for a shared view, can change this view.",
  notFound: "No such saved view.",
  tooMany: `You have ${SAVED_VIEW_LIMITS.maxPerUser} saved views already. Delete one first.`,
  repeated: (name: string) => `query: ${name} is given twice.`,
  nameTaken: (name: string, shared: boolean) =>
    shared
      ? `A view shared with the team is already called “${name}” in this list.`
      : `You already have a view called “${name}” in this list.`,
} as const

interface Row {
  readonly uuid: string
  readonly name: string
  readonly list: string
  readonly query: string
  readonly shared: boolean
  readonly owner_user_id: number
  readonly owner_name: string
  readonly created_at: Date
}

const COLUMNS = [
  "uuid",
  "name",
  "list",
  "query",
  "shared",
  "owner_user_id",
  "owner_name",
  "created_at",
] as const

const mayManage = (user: AuthUser, row: Pick<Row, "owner_user_id" | "shared">): boolean =>
  row.owner_user_id === user.id || (row.shared && categoryMay(user.user_category, "staff.manage"))

const toWire = (user: AuthUser, row: Row): SavedView => ({
  uuid: row.uuid,
  name: row.name,
  list: row.list as SavedViewList,
  query: row.query,
  shared: row.shared,
  owner: { id: row.owner_user_id, full_name: row.owner_name },
  editable: mayManage(user, row),
  created_at: row.created_at.toISOString(),
})

/** The query text as the list would take it, or a 400 naming the parameter; written back in one form. */
function checkedQuery(list: SavedViewList, text: string): string {
  const params = new URLSearchParams(text.replace(/^\?/, ""))
  const values: Record<string, string> = {}
  for (const [key, value] of params) {
    if (key in values) throw invalid(SAVED_VIEW_MESSAGES.repeated(key))
    values[key] = value
  }
  const schema = list.startsWith("application:") ? ApplicationViewParams : RequestViewParams
  const view = decodeOr400(schema, values)
  submittedRange(view)
  return new URLSearchParams(values).toString()
}

export async function listSavedViews(db: Db, user: AuthUser, list?: SavedViewList): Promise<SavedView[]> {
  let query = db
    .selectFrom("saved_view")
    .select(COLUMNS)
    .where((eb) => eb.or([eb("owner_user_id", "=", user.id), eb("shared", "=", true)]))
  if (list !== undefined) query = query.where("list", "=", list)
  const rows = await query.orderBy("list").orderBy(sql`lower(name)`).orderBy("id").execute()
  return rows.map((r) => toWire(user, r))
}

async function nameTaken(
  db: Db,
  where: { list: string; name: string; shared: boolean; ownerId: number; except?: string },
): Promise<boolean> {
  let query = db
    .selectFrom("saved_view")
    .select("id")
    .where("list", "=", where.list)
    .where(sql<boolean>`lower(name) = lower(${where.name.trim()})`)
    .where("shared", "=", where.shared)
  if (!where.shared) query = query.where("owner_user_id", "=", where.ownerId)
  if (where.except !== undefined) query = query.where("uuid", "!=", where.except)
  return (await query.executeTakeFirst()) !== undefined
}

export async function createSavedView(
  db: Db,
  user: AuthUser,
  body: SavedViewCreate,
  now: Date,
): Promise<SavedView> {
  const shared = body.shared === true
  if (shared && !categoryMay(user.user_category, "record.decide"))
    throw forbidden(SAVED_VIEW_MESSAGES.shareForStaff)
  const query = checkedQuery(body.list, body.query)
  const name = body.name.trim()
  const owned = await db
    .selectFrom("saved_view")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("owner_user_id", "=", user.id)
    .executeTakeFirstOrThrow()
  if (Number(owned.n) >= SAVED_VIEW_LIMITS.maxPerUser) throw conflict(SAVED_VIEW_MESSAGES.tooMany)
  if (await nameTaken(db, { list: body.list, name, shared, ownerId: user.id }))
    throw conflict(SAVED_VIEW_MESSAGES.nameTaken(name, shared))
  const row = await db
    .insertInto("saved_view")
    .values({
      owner_user_id: user.id,
      owner_name: user.full_name,
      name,
      list: body.list,
      query,
      shared,
      created_at: now,
    })
    // Two saves of one name at once: the unique index decides, and the loser hears the same 409.
    .onConflict((oc) => oc.doNothing())
    .returning(COLUMNS)
    .executeTakeFirst()
  if (!row) throw conflict(SAVED_VIEW_MESSAGES.nameTaken(name, shared))
  return toWire(user, row)
}

async function manageable(db: Db, user: AuthUser, uuid: string): Promise<Row> {
  const row = isUuid(uuid)
    ? await db.selectFrom("saved_view").select(COLUMNS).where("uuid", "=", uuid).executeTakeFirst()
    : undefined
  // Someone else's private view does not exist for the caller.
  if (!row || (!row.shared && row.owner_user_id !== user.id)) throw notFound(SAVED_VIEW_MESSAGES.notFound)
  if (!mayManage(user, row)) throw forbidden(SAVED_VIEW_MESSAGES.notYours)
  return row
}

export async function renameSavedView(db: Db, user: AuthUser, uuid: string, newName: string) {
  const row = await manageable(db, user, uuid)
  const name = newName.trim()
  if (
    await nameTaken(db, {
      list: row.list,
      name,
      shared: row.shared,
      ownerId: row.owner_user_id,
      except: uuid,
    })
  )
    throw conflict(SAVED_VIEW_MESSAGES.nameTaken(name, row.shared))
  const updated = await db
    .updateTable("saved_view")
    .set({ name })
    .where("uuid", "=", uuid)
    .returning(COLUMNS)
    .executeTakeFirst()
  if (!updated) throw notFound(SAVED_VIEW_MESSAGES.notFound)
  return toWire(user, updated)
}

export async function deleteSavedView(db: Db, user: AuthUser, uuid: string): Promise<SavedView[]> {
  await manageable(db, user, uuid)
  await db.deleteFrom("saved_view").where("uuid", "=", uuid).execute()
  return listSavedViews(db, user)
}
