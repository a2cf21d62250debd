// An admin removes someone's second factors (a lost phone): their authenticator app, recovery codes, passkeys
// and trusted browsers go; the account's history keeps who did it and why, and the owner is told. Under the
// policy, their next sign-in sets a factor up again.
import type { AuthDeps } from "../../auth/session"
import type { AuthUser } from "../../auth/users"
import { notFound } from "../../errors"
import { notifySecurity } from "../account-notices"
import { recordAccountEvent } from "../history"
import { SECOND_FACTOR_NOTICES } from "./notices"

export async function resetSecondFactors(
  deps: AuthDeps,
  actor: AuthUser,
  rawId: string,
  reason: string | undefined,
): Promise<void> {
  const id = /^[1-9][0-9]{0,9}$/.test(rawId) ? Number(rawId) : null
  const now = new Date(deps.clock.now())
  const target =
    id === null || id > 2_147_483_647
      ? undefined
      : await deps.db.selectFrom("app_user").select("id").where("id", "=", id).executeTakeFirst()
  if (!target) throw notFound()
  await deps.db.transaction().execute(async (tx) => {
    for (const table of ["totp_factor", "recovery_code", "passkey", "trusted_browser"] as const)
      await tx.deleteFrom(table).where("user_id", "=", target.id).execute()
    await recordAccountEvent(tx, {
      userId: target.id,
      actorId: actor.id,
      kind: "second_factor_reset",
      detail: reason?.trim() ? `Second factors reset: ${reason.trim()}` : "Second factors reset",
      now,
    })
  })
  await notifySecurity(deps.db, target.id, SECOND_FACTOR_NOTICES.reset())
}
