import type { FastifyInstance } from "fastify"
import { applicationsApi } from "../../../src/schema/api/applications"
import { mailLink } from "../../accounts/mail-link"
import { serveGroup } from "../../http/serve-endpoint"
import { informationRequestMail } from "../../mail/messages"
import { RECORD_KINDS } from "../records/record-kinds"
import { requestInformation } from "../request-information"
import { recordHandlers } from "./record-handlers"
import { requireAdminToReopen } from "./roles"

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const { decide, ...calls } = recordHandlers(app, RECORD_KINDS.application)
  const { database, clock, mail } = app.services
  serveGroup(
    app,
    applicationsApi,
    {
      ...calls,
      accept: decide,
      requestInformation: async ({ params, payload, req }) => {
        const now = new Date(clock.now())
        const detail = await requestInformation(database.db, params.uuid, req.user, payload.message, now)
        // After the commit: the record holds the message, so a mail server that is down loses nothing (the
        // failure is logged).
        await mailLink(
          mail,
          req.log,
          informationRequestMail(detail.contact_email, detail.company_name, payload.message.trim()),
        )
        return detail
      },
    },
    { reopen: { guard: requireAdminToReopen } },
  )
}
