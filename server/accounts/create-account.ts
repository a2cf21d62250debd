// Accounts come into being two ways: with a password chosen at once (the first admin, from a terminal), or
// invited, with a one-time link through which the person chooses their own name and password.
import type { Kysely } from "kysely"
import { normalizeEmail } from "../auth/users"
import type { Database } from "../db/schema"
import { conflict, invalid, isUniqueViolation } from "../errors"
import { ACCOUNT_MESSAGES, INVITATION_TTL_MS } from "./constants"
import { recordAccountEvent } from "./history"
import { type IssuedLink, issueLink } from "./links"
import { assertPasswordAllowed } from "./password-rules"

type Db = Kysely<Database>

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

export interface NewAccount {
  readonly email: string
  readonly fullName: string
  readonly category: string
  /** Who creates it; null for a tool run by the operator. */
  readonly actorId: number | null
  readonly now: Date
}

function checked(account: NewAccount): NewAccount {
  const email = normalizeEmail(account.email)
  if (!EMAIL.test(email) || email.length > 254) throw invalid("email: Enter a valid email address")
  const category = account.category.trim()
  if (!category || category.length > 64) throw invalid("category: Give a category, e.g. admin")
  return { ...account, email, category, fullName: account.fullName.trim() }
}

async function insertAccount(
  db: Db,
  account: NewAccount,
  passwordHash: string,
  status: "active" | "invited",
) {
  try {
    return await db
      .insertInto("app_user")
      .values({
        email: account.email,
        full_name: account.fullName,
        user_category: account.category,
        password_hash: passwordHash,
        status,
        created_at: account.now,
        updated_at: account.now,
      })
      .returning(["id", "email", "full_name", "user_category"])
      .executeTakeFirstOrThrow()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ACCOUNT_MESSAGES.emailTaken)
    throw error
  }
}

/** Conflict when the email already has an account (any status). */
export async function refuseTaken(db: Db, email: string): Promise<void> {
  const taken = await db
    .selectFrom("app_user")
    .select("id")
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst()
  if (taken) throw conflict(ACCOUNT_MESSAGES.emailTaken)
}

/** An active account with the password given; the password must keep the rules. */
export async function createAccountWithPassword(
  db: Db,
  hash: (password: string) => Promise<string>,
  input: NewAccount & { readonly password: string },
) {
  const account = checked(input)
  if (!account.fullName) throw invalid("full_name: Full name must not be empty")
  assertPasswordAllowed(input.password, account.email)
  await refuseTaken(db, account.email)
  const passwordHash = await hash(input.password)
  return db.transaction().execute(async (tx) => {
    const user = await insertAccount(tx, account, passwordHash, "active")
    await recordAccountEvent(tx, {
      userId: user.id,
      actorId: account.actorId,
      kind: "created",
      detail: `Created as ${account.category}`,
      now: account.now,
    })
    return user
  })
}

/** An invited account, without a password until its link is used; the link is answered once, here. */
export async function inviteAccount(db: Db, input: NewAccount) {
  const account = checked(input)
  await refuseTaken(db, account.email)
  return db.transaction().execute(async (tx) => {
    const user = await insertAccount(tx, account, "", "invited")
    const link: IssuedLink = await issueLink(tx, {
      userId: user.id,
      purpose: "invitation",
      createdBy: account.actorId,
      now: account.now,
      ttlMs: INVITATION_TTL_MS,
    })
    await recordAccountEvent(tx, {
      userId: user.id,
      actorId: account.actorId,
      kind: "invited",
      detail: `Invited as ${account.category}`,
      now: account.now,
    })
    return { user, link }
  })
}
