// The staff page's endpoints, for those who manage the team's accounts (src/schema/api/staff.ts).
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { InvitationIssued } from "../../../src/schema/accounts/staff"
import { staffApi } from "../../../src/schema/api/staff"
import { serveGroup } from "../../http/serve-endpoint"
import { invitationMail } from "../../mail/messages"
import { invitePath, resetPasswordPath } from "../constants"
import { mailLink } from "../mail-link"
import { issueResetLink } from "../reset-links"
import {
  changeStaff,
  type Issued,
  inviteStaff,
  listStaff,
  resendInvitation,
  revokeInvitation,
  staffHistory,
} from "../staff"

export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const { auth, clock, config, mail } = app.services
  const now = () => new Date(clock.now())
  // Behind a proxy (TRUST_PROXY) the request's protocol and host are the ones people typed.
  const linkBase = (req: FastifyRequest) => config.appUrl ?? `${req.protocol}://${req.host}`
  // Mailed after the invitation is stored: a mail server that is down leaves it standing, its link shown.
  const issued = async (req: FastifyRequest, { member, link }: Issued): Promise<InvitationIssued> => {
    const url = `${linkBase(req)}${invitePath(link.token)}`
    return {
      member,
      invite_url: url,
      expires_at: link.expiresAt.toISOString(),
      mail: await mailLink(mail, req.log, invitationMail(member.email, url, link.expiresAt)),
    }
  }
  serveGroup(app, staffApi, {
    list: async ({ query }) => ({ results: await listStaff(auth.db, query) }),
    invite: async ({ payload, req }) => issued(req, await inviteStaff(auth.db, req.user, payload, now())),
    resendInvitation: async ({ params, payload, req }) =>
      issued(req, await resendInvitation(auth.db, req.user, params.id, payload.version, now())),
    revokeInvitation: async ({ params, payload, req }) =>
      revokeInvitation(auth.db, req.user, params.id, payload.version, now()),
    change: async ({ params, payload, req }) =>
      (await changeStaff(auth, req.user, params.id, payload, now())).member,
    resetLink: async ({ params, req }) => {
      const link = await issueResetLink(auth.db, req.user, params.id, now())
      return {
        reset_url: `${linkBase(req)}${resetPasswordPath(link.token)}`,
        expires_at: link.expiresAt.toISOString(),
      }
    },
    history: async ({ params }) => ({ results: await staffHistory(auth.db, params.id) }),
  })
}
