// Users as the rest of the server sees them, and the profile rules (PATCH /api/company/user/).
import type { Kysely } from "kysely"
import type { ProfilePatch, User } from "../../src/schema/auth/auth"
import type { Database } from "../db/schema"
import { conflict, invalid, isUniqueViolation } from "../errors"
import { MESSAGES } from "./constants"

export interface AuthUser {
  readonly id: number
  readonly email: string
  readonly full_name: string
  readonly user_category: string
}

type Db = Kysely<Database>

const PUBLIC_COLUMNS = ["id", "email", "full_name", "user_category"] as const

/** Emails compare case-insensitively: stored and looked up lower-case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/** "Ada Admin" → "AA", "Cher" → "C", "" → "". First letters of the first and last words. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  const first = words[0]
  const last = words.length > 1 ? words[words.length - 1] : undefined
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? "") : "")
  return (letter(first) + letter(last)).toUpperCase()
}

export const toUserJson = (user: AuthUser): User => ({
  id: user.id,
  email: user.email,
  full_name: user.full_name,
  user_category: user.user_category,
  initials: initialsOf(user.full_name) || initialsOf(user.email),
})

export const findUserById = (db: Db, id: number): Promise<AuthUser | undefined> =>
  db.selectFrom("app_user").select(PUBLIC_COLUMNS).where("id", "=", id).executeTakeFirst()

/** With the password hash: for login only. */
export const findUserForLogin = (db: Db, email: string) =>
  db
    .selectFrom("app_user")
    .select([...PUBLIC_COLUMNS, "password_hash"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst()

export async function updateProfile(
  db: Db,
  user: AuthUser,
  patch: ProfilePatch,
  now: Date,
): Promise<AuthUser> {
  const changes: { full_name?: string; email?: string } = {}
  if (patch.full_name !== undefined) {
    const fullName = patch.full_name.trim()
    if (!fullName) throw invalid("full_name: Full name must not be empty")
    changes.full_name = fullName
  }
  if (patch.email !== undefined) changes.email = normalizeEmail(patch.email)
  if (Object.keys(changes).length === 0) return user
  if (changes.email !== undefined && changes.email !== user.email) {
    const taken = await db
      .selectFrom("app_user")
      .select("id")
      .where("email", "=", changes.email)
      .where("id", "!=", user.id)
      .executeTakeFirst()
    if (taken) throw conflict(MESSAGES.emailTaken)
  }
  try {
    return await db
      .updateTable("app_user")
      .set({ ...changes, updated_at: now })
      .where("id", "=", user.id)
      .returning(PUBLIC_COLUMNS)
      .executeTakeFirstOrThrow()
  } catch (error) {
    // Someone took the email between the check and the update.
    if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken)
    throw error
  }
}

/**
 * Replaces a stored password hash made with an older algorithm or cost. Only if it is still the one that was
 * verified: a password changed meanwhile is never overwritten with the old one's new hash.
 */
export async function replacePasswordHash(
  db: Db,
  userId: number,
  previous: string,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable("app_user")
    .set({ password_hash: next })
    .where("id", "=", userId)
    .where("password_hash", "=", previous)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
