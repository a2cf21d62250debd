// The accounts endpoints anyone may call: invitation links opened and used; forgotten passwords reset.
import type { FastifyInstance, FastifyRequest } from "fastify"
import { accountsApi } from "../../../src/schema/api/accounts"
import { setDeviceCookie } from "../../auth/http/device-cookie"
import { setRefreshCookie } from "../../auth/http/refresh-cookie"
import { toUserJson } from "../../auth/users"
import { rejectForeignOrigin } from "../../http/origin"
import { serveGroup } from "../../http/serve-endpoint"
import { ACCOUNT_MESSAGES, RESET_LIMIT_PER_ADDRESS, RESET_LIMIT_PER_EMAIL } from "../constants"
import { acceptInvitation, invitationInfo } from "../invitations"
import { requestPasswordReset, resetLinkInfo, resetPassword } from "../password-reset"

export async function accountPublicRoutes(app: FastifyInstance): Promise<void> {
  const { auth, config, mail } = app.services
  // Behind a proxy (TRUST_PROXY) the request's protocol and host are the ones people typed.
  const linkBase = (req: FastifyRequest) => config.appUrl ?? `${req.protocol}://${req.host}`
  const limits = { perEmail: RESET_LIMIT_PER_EMAIL, perAddress: RESET_LIMIT_PER_ADDRESS }
  serveGroup(
    app,
    accountsApi,
    {
      invitation: async ({ params }) => invitationInfo(auth, params.token),
      acceptInvitation: async ({ params, payload, req, reply }) => {
        const session = await acceptInvitation(auth, params.token, payload)
        setRefreshCookie(req, reply, session.refresh)
        return { access: session.access, user: toUserJson(session.user) }
      },
      requestPasswordReset: async ({ payload, req }) => {
        await requestPasswordReset(
          auth,
          { mail, log: req.log, limits, linkBase: linkBase(req) },
          payload.email,
          req.ip,
        )
        return { detail: ACCOUNT_MESSAGES.resetRequested }
      },
      passwordResetLink: async ({ params }) => resetLinkInfo(auth, params.token),
      resetPassword: async ({ params, payload, req, reply }) => {
        const session = await resetPassword(auth, params.token, payload)
        setRefreshCookie(req, reply, session.refresh)
        // The mailbox proved who this is: this browser is trusted for the account from now on.
        setDeviceCookie(req, reply, session.user.id)
        return { access: session.access, user: toUserJson(session.user) }
      },
    },
    // They set the refresh cookie, as login does: a page of another origin must not make them.
    { acceptInvitation: { before: rejectForeignOrigin }, resetPassword: { before: rejectForeignOrigin } },
  )
}
