// Says once, at start, whether this instance mails: an operator who forgot SMTP_URL reads it here rather than
// learning it from a colleague whose invitation never arrived.
import type { FastifyInstance } from "fastify"
import { MAIL_OFF_MESSAGE, MAIL_ON_MESSAGE } from "../mail/mail-constants"

export async function mailJob(app: FastifyInstance): Promise<void> {
  const { mail, config } = app.services
  if (mail.on) app.log.info({ from: config.mailFrom }, MAIL_ON_MESSAGE)
  else app.log.info(MAIL_OFF_MESSAGE)
}
