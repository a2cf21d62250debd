// A new session for someone who proved who they are another way than the sign-in form (an invitation, a
// password reset): the same refresh-token family and access token a sign-in gives.

import { issueRefreshToken } from "../auth/refresh-tokens"
import type { AuthDeps, Session } from "../auth/session"
import type { AuthUser } from "../auth/users"

export async function startSession(deps: AuthDeps, user: AuthUser, now: Date): Promise<Session> {
  const [refresh] = await Promise.all([
    issueRefreshToken(deps.db, user.id, now, deps.refresh),
    deps.db.updateTable("app_user").set({ last_sign_in_at: now }).where("id", "=", user.id).execute(),
  ])
  return { user, access: await deps.accessTokens.sign(user, refresh.sessionId), refresh }
}
