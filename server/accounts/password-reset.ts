// "Forgot password": a request mails a one-time link (30 minutes) to the account, answered the same whether or
// not the email has one, and limited per email and per address; the link's page chooses a new password with
// the invitation's rules, which signs the account out everywhere and this browser in.
import type { ResetLinkInfo, ResetPasswordBody } from "../../src/schema/accounts/password-reset"
import { addressKey } from "../auth/client-address"
import type { AuthDeps, Session } from "../auth/session"
import { type AuthUser, normalizeEmail } from "../auth/users"
import { conflict, notFound, tooManyRequests } from "../errors"
import type { Mailer } from "../mail/mailer"
import { passwordResetMail } from "../mail/messages"
import { ACCOUNT_MESSAGES, RESET_TTL_MS, resetPasswordPath } from "./constants"
import { recordAccountEvent } from "./history"
import { findLink, issueLink, type LinkState, markUsed } from "./links"
import { type MailLog, mailLink } from "./mail-link"
import { assertPasswordAllowed } from "./password-rules"
import { type ResetLimits, recordResetRequest } from "./reset-requests"
import { signOutSessions } from "./sign-out-everywhere"
import { startSession } from "./start-session"

export interface ResetMailing {
  readonly mail: Mailer
  readonly log: MailLog
  readonly limits: ResetLimits
  /** The address people open the app at; the link is this plus `/reset-password/<token>`. */
  readonly linkBase: string
}

/** Throws 409 when mail is off, 429 past a limit; otherwise the link is issued and mailed after the answer. */
export async function requestPasswordReset(
  deps: AuthDeps,
  mailing: ResetMailing,
  rawEmail: string,
  clientIp: string,
): Promise<void> {
  // A 4xx, not a 503: the server is working as configured, and the sentence says what to do instead.
  if (!mailing.mail.on) throw conflict(ACCOUNT_MESSAGES.resetMailOff)
  const now = new Date(deps.clock.now())
  const email = normalizeEmail(rawEmail)
  const wait = await recordResetRequest(
    deps.db,
    { email, address: addressKey(clientIp) },
    now,
    mailing.limits,
  )
  if (wait > 0) throw tooManyRequests(ACCOUNT_MESSAGES.resetTooMany, wait)
  // After the answer: neither its time nor its content may tell whether the email has an account.
  deps.background.run(() => issueAndMail(deps, mailing, email, now))
}

async function issueAndMail(deps: AuthDeps, mailing: ResetMailing, email: string, now: Date): Promise<void> {
  const user = await deps.db
    .selectFrom("app_user")
    .select(["id", "email"])
    .where("email", "=", email)
    .where("status", "=", "active")
    .executeTakeFirst()
  if (!user) return
  const link = await issueLink(deps.db, {
    userId: user.id,
    purpose: "reset",
    createdBy: null,
    now,
    ttlMs: RESET_TTL_MS,
  })
  const url = `${mailing.linkBase}${resetPasswordPath(link.token)}`
  await mailLink(mailing.mail, mailing.log, passwordResetMail(user.email, url, link.expiresAt))
}

export async function resetLinkInfo(deps: AuthDeps, token: string): Promise<ResetLinkInfo> {
  const link = await findLink(deps.db, token, "reset", new Date(deps.clock.now()))
  if (!link) return { state: "unknown", email: null }
  if (link.state !== "open") return { state: link.state, email: null }
  const user = await activeEmail(deps, link.userId)
  return user ? { state: "open", email: user.email } : { state: "unknown", email: null }
}

const activeEmail = (deps: AuthDeps, userId: number) =>
  deps.db
    .selectFrom("app_user")
    .select(["email"])
    .where("id", "=", userId)
    .where("status", "=", "active")
    .executeTakeFirst()

const refusal = (state: Exclude<LinkState, "open">) =>
  state === "unknown"
    ? notFound(ACCOUNT_MESSAGES.resetUnknown)
    : conflict(
        state === "expired"
          ? ACCOUNT_MESSAGES.resetExpired
          : state === "revoked"
            ? ACCOUNT_MESSAGES.resetRevoked
            : ACCOUNT_MESSAGES.resetUsed,
      )

/** What else happens once a password was reset (the account's security notification), after it is stored. */
export type AfterPasswordReset = (user: AuthUser, now: Date) => Promise<void>

/** Uses the link once: the new password, every session of the account ended, a new one for this browser. */
export async function resetPassword(
  deps: AuthDeps,
  token: string,
  body: ResetPasswordBody,
  after: AfterPasswordReset = async () => undefined,
): Promise<Session> {
  const now = new Date(deps.clock.now())
  // The rules and the hash before the transaction: the hash is the slow part, and holds no lock.
  const peek = await findLink(deps.db, token, "reset", now)
  if (!peek) throw refusal("unknown")
  if (peek.state !== "open") throw refusal(peek.state)
  const account = await activeEmail(deps, peek.userId)
  if (!account) throw refusal("unknown")
  assertPasswordAllowed(body.password, account.email)
  const passwordHash = await deps.passwords.hash(body.password)
  const user = await deps.db.transaction().execute(async (tx) => {
    // Locked and read again: of two uses at once, the second finds the link used.
    const link = await findLink(tx, token, "reset", now, true)
    if (!link) throw refusal("unknown")
    if (link.state !== "open") throw refusal(link.state)
    const changed = await tx
      .updateTable("app_user")
      .set((eb) => ({ password_hash: passwordHash, updated_at: now, version: eb("version", "+", 1) }))
      .where("id", "=", link.userId)
      .where("status", "=", "active")
      .returning(["id", "email", "full_name", "user_category"])
      .executeTakeFirst()
    if (!changed) throw refusal("unknown")
    await markUsed(tx, link.id, now)
    await recordAccountEvent(tx, {
      userId: changed.id,
      actorId: changed.id,
      kind: "password_reset",
      detail: "Password reset with a one-time link",
      now,
    })
    return changed
  })
  // Whoever knew the old password is signed out with every other session, on every instance.
  await signOutSessions(deps, user.id, now)
  await after(user, now)
  return startSession(deps, user, now)
}
