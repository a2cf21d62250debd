// The accounts endpoints anyone may call: invitation links opened and used.
import type { FastifyInstance } from "fastify"
import { accountsApi } from "../../../src/schema/api/accounts"
import { setRefreshCookie } from "../../auth/http/refresh-cookie"
import { toUserJson } from "../../auth/users"
import { rejectForeignOrigin } from "../../http/origin"
import { serveGroup } from "../../http/serve-endpoint"
import { notifyWelcome } from "../account-notices"
import { acceptInvitation, invitationInfo } from "../invitations"
import { recordSuccessfulSignIn } from "../sign-ins"
import { clientOf } from "./own-account-routes"

export async function accountPublicRoutes(app: FastifyInstance): Promise<void> {
  const { auth } = app.services
  serveGroup(
    app,
    accountsApi,
    {
      invitation: async ({ params }) => invitationInfo(auth, params.token),
      acceptInvitation: async ({ params, payload, req, reply }) => {
        const session = await acceptInvitation(auth, params.token, payload)
        // The first sign-in of the account: its session's client is kept, and it is welcomed.
        await recordSuccessfulSignIn(auth, session, clientOf(req), new Date(auth.clock.now()))
        await notifyWelcome(auth.db, session.user.id)
        setRefreshCookie(req, reply, session.refresh)
        return { access: session.access, user: toUserJson(session.user) }
      },
    },
    // It sets the refresh cookie, as login does: a page of another origin must not make it.
    { acceptInvitation: { before: rejectForeignOrigin } },
  )
}
