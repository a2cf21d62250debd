// Your own passkeys: renamed, or removed (refused when it is the last factor the policy requires). Another
// account's passkey is a 404, like one that does not exist.
import { PASSKEY_MESSAGES, type Passkey } from "../../../src/schema/accounts/passkeys"
import type { AuthDeps } from "../../auth/session"
import type { AuthUser } from "../../auth/users"
import { notFound } from "../../errors"
import { notifySecurity } from "../account-notices"
import { ensureNotLastRequired, factorsOf } from "../second-factor/factors"
import { SECOND_FACTOR_NOTICES } from "../second-factor/notices"
import { findOwnPasskey, toPasskeyJson } from "./store"

export async function renamePasskey(
  deps: AuthDeps,
  user: AuthUser,
  id: string,
  name: string,
): Promise<Passkey> {
  const found = await findOwnPasskey(deps.db, user.id, id)
  if (!found) throw notFound(PASSKEY_MESSAGES.notFound)
  await deps.db.updateTable("passkey").set({ name }).where("id", "=", found.id).execute()
  return toPasskeyJson({ ...found, name })
}

export async function removePasskey(deps: AuthDeps, user: AuthUser, id: string): Promise<void> {
  const found = await findOwnPasskey(deps.db, user.id, id)
  if (!found) throw notFound(PASSKEY_MESSAGES.notFound)
  const factors = await factorsOf(deps.db, user.id)
  await ensureNotLastRequired(deps.db, user.user_category, { ...factors, passkeys: factors.passkeys - 1 })
  await deps.db.deleteFrom("passkey").where("id", "=", found.id).execute()
  await notifySecurity(deps.db, user.id, SECOND_FACTOR_NOTICES.passkeyRemoved(found.name))
}
