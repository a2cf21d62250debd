// The accounts endpoints anyone may call: invitation links opened and used; forgotten passwords reset.
import type { FastifyInstance, FastifyRequest } from "fastify"
import { accountsApi } from "../../../src/schema/api/accounts"
import { setDeviceCookie } from "../../auth/http/device-cookie"
import { setRefreshCookie } from "../../auth/http/refresh-cookie"
import { toUserJson } from "../../auth/users"
import { rejectForeignOrigin } from "../../http/origin"
import { serveGroup } from "../../http/serve-endpoint"
import { notifySecurity, notifyWelcome, SECURITY_NOTICES } from "../account-notices"
import { ACCOUNT_MESSAGES, RESET_LIMIT_PER_ADDRESS, RESET_LIMIT_PER_EMAIL } from "../constants"
import { acceptInvitation, invitationInfo } from "../invitations"
import { requestPasswordReset, resetLinkInfo, resetPassword } from "../password-reset"
import { recordSuccessfulSignIn } from "../sign-ins"
import { clientOf } from "./own-account-routes"

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
        // The first sign-in of the account: its session's client is kept, and it is welcomed.
        await recordSuccessfulSignIn(auth, session, clientOf(req), new Date(auth.clock.now()))
        await notifyWelcome(auth.db, session.user.id)
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
        const session = await resetPassword(auth, params.token, payload, (user) =>
          notifySecurity(auth.db, user.id, SECURITY_NOTICES.passwordReset()),
        )
        // The reset signs this browser in: its session's client is kept, as for any sign-in.
        await recordSuccessfulSignIn(auth, session, clientOf(req), new Date(auth.clock.now()))
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
