// The staff page's rules: every account listed with its status; invitations issued, resent and revoked;
// categories changed; accounts deactivated and reactivated. Every change names the version it was based on,
// so that of two admins changing one account at once the second is told what the first did (409). The last
// active admin can be neither deactivated nor demoted: someone must always be able to manage the team.
import { type Kysely, sql } from "kysely"
import type { InviteBody, StaffMember, StaffPatch, StaffQuery } from "../../src/schema/accounts/staff"
import type { AuthDeps } from "../auth/session"
import type { AuthUser } from "../auth/users"
import type { Database } from "../db/schema"
import { conflict, notFound } from "../errors"
import { INVITATION_TTL_MS } from "./constants"
import { inviteAccount } from "./create-account"
import { accountHistory, recordAccountEvent } from "./history"
import { type IssuedLink, issueLink, revokeOpenLinks } from "./links"
import { reinviteWithdrawn } from "./reinvite"
import { signOutSessions } from "./sign-out-everywhere"
import { announceStaffChange, notifyAccountUpdate } from "./staff-news"

type Db = Kysely<Database>

const COLUMNS = ["id", "email", "full_name", "user_category", "status", "last_sign_in_at", "version"] as const

type Row = {
  id: number
  email: string
  full_name: string
  user_category: string
  status: StaffMember["status"]
  last_sign_in_at: Date | null
  version: number
}

export const toMember = (row: Row): StaffMember => ({
  ...row,
  last_sign_in_at: row.last_sign_in_at === null ? null : new Date(row.last_sign_in_at).toISOString(),
})

export const STAFF_MESSAGES = {
  lastAdmin: "This is the last active admin: make another admin first.",
  notInvited: "This account is not waiting for an invitation.",
  noChange: "Nothing to change: give user_category or status.",
  self: "You cannot deactivate your own account.",
  withdrawn: "This invitation was withdrawn, so there is no account to reactivate: invite the email again.",
} as const

export async function listStaff(db: Db, query: StaffQuery): Promise<StaffMember[]> {
  let q = db.selectFrom("app_user").select(COLUMNS)
  const search = query.search?.trim().toLowerCase()
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    q = q.where((eb) => eb.or([eb("email", "like", pattern), eb(sql`lower(full_name)`, "like", pattern)]))
  }
  if (query.status) q = q.where("status", "=", query.status)
  if (query.category) q = q.where("user_category", "=", query.category)
  const rows = await q.orderBy("full_name").orderBy("email").limit(1000).execute()
  return rows.map(toMember)
}

const memberId = (raw: string): number => {
  const id = Number(raw)
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound("No such account.")
  return id
}

async function lockMember(tx: Db, rawId: string, version: number): Promise<Row> {
  const row = await tx
    .selectFrom("app_user")
    .select(COLUMNS)
    .where("id", "=", memberId(rawId))
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw notFound("No such account.")
  if (row.version !== version) {
    const [last] = await accountHistory(tx, row.id, 1)
    const who = last?.actor_name ?? last?.actor_email ?? "someone"
    throw conflict(
      last
        ? `Changed meanwhile by ${who} (${last.detail}, ${new Date(last.created_at).toISOString()}): reload and try again.`
        : "Changed meanwhile: reload and try again.",
    )
  }
  return row
}

async function activeAdmins(tx: Db): Promise<number> {
  const row = await tx
    .selectFrom("app_user")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_category", "=", "admin")
    .where("status", "=", "active")
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

const bump = (
  tx: Db,
  id: number,
  now: Date,
  set: Partial<{ user_category: string; status: Row["status"] }>,
) =>
  tx
    .updateTable("app_user")
    .set((eb) => ({ ...set, updated_at: now, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()

export interface Issued {
  readonly member: StaffMember
  readonly link: IssuedLink
}

export async function inviteStaff(db: Db, actor: AuthUser, body: InviteBody, now: Date): Promise<Issued> {
  const again = await reinviteWithdrawn(db, actor, body.email, body.user_category, now)
  let issued: { readonly userId: number; readonly link: IssuedLink }
  if (again) issued = again
  else {
    const { user, link } = await inviteAccount(db, {
      email: body.email,
      fullName: "",
      category: body.user_category,
      actorId: actor.id,
      now,
    })
    issued = { userId: user.id, link }
    await announceStaffChange(db, user.id)
  }
  const row = await db
    .selectFrom("app_user")
    .select(COLUMNS)
    .where("id", "=", issued.userId)
    .executeTakeFirstOrThrow()
  return { member: toMember(row), link: issued.link }
}

export async function resendInvitation(db: Db, actor: AuthUser, rawId: string, version: number, now: Date) {
  return db.transaction().execute(async (tx): Promise<Issued> => {
    const row = await lockMember(tx, rawId, version)
    if (row.status !== "invited") throw conflict(STAFF_MESSAGES.notInvited)
    const link = await issueLink(tx, {
      userId: row.id,
      purpose: "invitation",
      createdBy: actor.id,
      now,
      ttlMs: INVITATION_TTL_MS,
    })
    const next = await bump(tx, row.id, now, {})
    await recordAccountEvent(tx, {
      userId: row.id,
      actorId: actor.id,
      kind: "invitation_resent",
      detail: "Invitation sent again",
      now,
    })
    await announceStaffChange(tx, row.id)
    return { member: toMember(next), link }
  })
}

/** The invitation stops working and the invited account goes: it never held anything. */
export async function revokeInvitation(db: Db, actor: AuthUser, rawId: string, version: number, now: Date) {
  return db.transaction().execute(async (tx) => {
    const row = await lockMember(tx, rawId, version)
    if (row.status !== "invited") throw conflict(STAFF_MESSAGES.notInvited)
    await revokeOpenLinks(tx, row.id, "invitation", now)
    const next = await bump(tx, row.id, now, { status: "deactivated" })
    await recordAccountEvent(tx, {
      userId: row.id,
      actorId: actor.id,
      kind: "invitation_revoked",
      detail: "Invitation withdrawn",
      now,
    })
    await announceStaffChange(tx, row.id)
    return toMember(next)
  })
}

export interface StaffChange {
  readonly member: StaffMember
  /** The sessions that ended (deactivation). */
  readonly endedSessions: readonly string[]
}

export async function changeStaff(
  deps: Pick<AuthDeps, "db" | "revocations" | "revocationKeepMs">,
  actor: AuthUser,
  rawId: string,
  patch: StaffPatch,
  now: Date,
): Promise<StaffChange> {
  if (patch.user_category === undefined && patch.status === undefined) throw conflict(STAFF_MESSAGES.noChange)
  const changed = await deps.db.transaction().execute(async (tx) => {
    // Admin counts are read under the lock of the rows they count: two demotions at once cannot both pass.
    await sql`select id from app_user where user_category = 'admin' and status = 'active' for update`.execute(
      tx,
    )
    const row = await lockMember(tx, rawId, patch.version)
    const set: { user_category?: string; status?: Row["status"] } = {}
    const events: Array<{ kind: "category_changed" | "deactivated" | "reactivated"; detail: string }> = []
    if (patch.user_category !== undefined && patch.user_category !== row.user_category) {
      set.user_category = patch.user_category
      events.push({
        kind: "category_changed",
        detail: `Category ${row.user_category} → ${patch.user_category}`,
      })
    }
    if (patch.status !== undefined && patch.status !== row.status) {
      if (row.status === "invited") throw conflict(STAFF_MESSAGES.notInvited)
      if (patch.status === "deactivated" && row.id === actor.id) throw conflict(STAFF_MESSAGES.self)
      if (patch.status === "active" && (await neverActivated(tx, row.id)))
        throw conflict(STAFF_MESSAGES.withdrawn)
      set.status = patch.status
      events.push(
        patch.status === "deactivated"
          ? { kind: "deactivated", detail: "Deactivated" }
          : { kind: "reactivated", detail: "Reactivated" },
      )
    }
    const wasActiveAdmin = row.user_category === "admin" && row.status === "active"
    const staysActiveAdmin =
      (set.user_category ?? row.user_category) === "admin" && (set.status ?? row.status) === "active"
    if (wasActiveAdmin && !staysActiveAdmin && (await activeAdmins(tx)) <= 1)
      throw conflict(STAFF_MESSAGES.lastAdmin)
    if (events.length === 0) return { row, deactivated: false }
    const next = await bump(tx, row.id, now, set)
    for (const event of events)
      await recordAccountEvent(tx, { userId: row.id, actorId: actor.id, ...event, now })
    if (set.status === "deactivated") await releaseClaims(tx, row.id)
    // One's own change needs no notice.
    if (row.id !== actor.id)
      await notifyAccountUpdate(tx, {
        userId: row.id,
        actorName: actor.full_name || actor.email,
        ...(set.user_category === undefined
          ? {}
          : { category: { from: row.user_category, to: set.user_category } }),
        deactivated: set.status === "deactivated",
      })
    await announceStaffChange(tx, row.id)
    return { row: next, deactivated: set.status === "deactivated" }
  })
  const endedSessions = changed.deactivated ? await signOutSessions(deps, changed.row.id, now) : []
  return { member: toMember(changed.row), endedSessions }
}

/** An account without a password never accepted its invitation: it was withdrawn before it was used. */
async function neverActivated(tx: Db, id: number): Promise<boolean> {
  const row = await tx.selectFrom("app_user").select("password_hash").where("id", "=", id).executeTakeFirst()
  return row?.password_hash === ""
}

/** A deactivated account's claims on records are released: nobody is working them any more. */
async function releaseClaims(tx: Db, userId: number): Promise<void> {
  const cleared = { assignee_user_id: null, assignee_name: null, assigned_at: null }
  await tx.updateTable("company_application").set(cleared).where("assignee_user_id", "=", userId).execute()
  await tx.updateTable("service_request").set(cleared).where("assignee_user_id", "=", userId).execute()
}

export async function staffHistory(db: Db, rawId: string) {
  const id = memberId(rawId)
  const exists = await db.selectFrom("app_user").select("id").where("id", "=", id).executeTakeFirst()
  if (!exists) throw notFound("No such account.")
  const rows = await accountHistory(db, id)
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    detail: row.detail,
    at: new Date(row.created_at).toISOString(),
    by: row.actor_name || row.actor_email || null,
  }))
}
