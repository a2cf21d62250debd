// Mail settings' defaults and the log lines about mail, named once.

/** MAIL_FROM when unset: a sender most mail servers accept from a local test setup, and nothing more. */
export const DEFAULT_MAIL_FROM = "Back office <backoffice@localhost>"

/**
 * How long one message may take, per stage (connecting, the greeting, each reply): a mail server that hangs
 * must not keep an admin's invitation waiting for nodemailer's two-minute default.
 */
export const MAIL_TIMEOUT_MS = 10_000

export const MAIL_OFF_MESSAGE = "mail is off: SMTP_URL is not set"
export const MAIL_ON_MESSAGE = "mail is on"
export const MAIL_FAILED_MESSAGE = "mail could not be sent"
