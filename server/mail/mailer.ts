// Mail out through SMTP (nodemailer), configured by SMTP_URL and MAIL_FROM. Without SMTP_URL mail is off: the
// mailer says so and sends nothing, and every caller has another way to hand the link over (it is shown to the
// admin who asked for it).
import { createTransport } from "nodemailer"
import type { Config } from "../config"
import { MAIL_TIMEOUT_MS } from "./mail-constants"

export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
}

export interface Mailer {
  /** Whether SMTP_URL is set; a mailer that is off rejects every send. */
  readonly on: boolean
  /** Resolves once the mail server accepted the message; rejects when it refused or could not be reached. */
  readonly send: (message: MailMessage) => Promise<void>
  readonly close: () => void
}

export class MailOffError extends Error {
  override name = "MailOffError"
}

const off: Mailer = {
  on: false,
  send: () => Promise.reject(new MailOffError("mail is off")),
  close: () => undefined,
}

export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom">): Mailer {
  if (config.smtpUrl === null) return off
  const transport = createTransport({
    url: config.smtpUrl,
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS,
  })
  return {
    on: true,
    send: async (message) => {
      await transport.sendMail({ from: config.mailFrom, ...message })
    },
    close: () => transport.close(),
  }
}
