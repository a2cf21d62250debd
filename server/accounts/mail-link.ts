// A one-time link mailed to its account. A mail server that is down never undoes what the link is for: the
// invitation stands and its link is shown to the admin, who is told the mail failed; the failure is logged.
import type { MailOutcome } from "../../src/schema/accounts/staff"
import { MAIL_FAILED_MESSAGE } from "../mail/mail-constants"
import type { Mailer, MailMessage } from "../mail/mailer"

export interface MailLog {
  readonly warn: (fields: object, message: string) => void
}

/** `off` without SMTP_URL, `sent` once the mail server accepted it, `failed` (and logged) otherwise. */
export async function mailLink(mail: Mailer, log: MailLog, message: MailMessage): Promise<MailOutcome> {
  if (!mail.on) return "off"
  try {
    await mail.send(message)
    return "sent"
  } catch (error) {
    log.warn({ err: error, subject: message.subject }, MAIL_FAILED_MESSAGE)
    return "failed"
  }
}
