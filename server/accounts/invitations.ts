// An invitation link, opened and used: the page first asks what the link is (so that an expired or used one
// gets a sentence, not a form), then the person chooses a name and a password and is signed in.
import type { AcceptInvitationBody, InvitationInfo } from "../../src/schema/accounts/invitation"
import type { AuthDeps, Session } from "../auth/session"
import { conflict, invalid, notFound } from "../errors"
import { ACCOUNT_MESSAGES } from "./constants"
import { recordAccountEvent } from "./history"
import { findLink, type LinkState, markUsed } from "./links"
import { assertPasswordAllowed } from "./password-rules"
import { announceStaffChange } from "./staff-news"
import { startSession } from "./start-session"

export async function invitationInfo(deps: AuthDeps, token: string): Promise<InvitationInfo> {
  const now = new Date(deps.clock.now())
  const link = await findLink(deps.db, token, "invitation", now)
  if (!link) return { state: "unknown", email: null }
  if (link.state !== "open") return { state: link.state, email: null }
  const user = await deps.db
    .selectFrom("app_user")
    .select(["email", "status"])
    .where("id", "=", link.userId)
    .executeTakeFirst()
  return user?.status === "invited" ? { state: "open", email: user.email } : { state: "used", email: null }
}

const refusal = (state: Exclude<LinkState, "open">) =>
  state === "unknown"
    ? notFound(ACCOUNT_MESSAGES.invitationUnknown)
    : conflict(
        state === "expired"
          ? ACCOUNT_MESSAGES.invitationExpired
          : state === "revoked"
            ? ACCOUNT_MESSAGES.invitationRevoked
            : ACCOUNT_MESSAGES.invitationUsed,
      )

export async function acceptInvitation(
  deps: AuthDeps,
  token: string,
  body: AcceptInvitationBody,
): Promise<Session> {
  const now = new Date(deps.clock.now())
  const fullName = body.full_name.trim()
  if (!fullName) throw invalid("full_name: Full name must not be empty")
  // The rules and the hash before the transaction: the hash is the slow part, and holds no lock.
  const peek = await findLink(deps.db, token, "invitation", now)
  if (!peek) throw refusal("unknown")
  if (peek.state !== "open") throw refusal(peek.state)
  const invited = await deps.db
    .selectFrom("app_user")
    .select(["email"])
    .where("id", "=", peek.userId)
    .executeTakeFirstOrThrow()
  assertPasswordAllowed(body.password, invited.email)
  const passwordHash = await deps.passwords.hash(body.password)
  const user = await deps.db.transaction().execute(async (tx) => {
    // Locked and read again: of two uses at once, the second finds the link used.
    const link = await findLink(tx, token, "invitation", now, true)
    if (!link) throw refusal("unknown")
    if (link.state !== "open") throw refusal(link.state)
    const activated = await tx
      .updateTable("app_user")
      .set((eb) => ({
        full_name: fullName,
        password_hash: passwordHash,
        status: "active",
        updated_at: now,
        version: eb("version", "+", 1),
      }))
      .where("id", "=", link.userId)
      .where("status", "=", "invited")
      .returning(["id", "email", "full_name", "user_category"])
      .executeTakeFirst()
    if (!activated) throw refusal("used")
    await markUsed(tx, link.id, now)
    await recordAccountEvent(tx, {
      userId: activated.id,
      actorId: activated.id,
      kind: "invitation_accepted",
      detail: "Accepted the invitation",
      now,
    })
    await announceStaffChange(tx, activated.id)
    return activated
  })
  return startSession(deps, user, now)
}
