// The words of every message the server mails: plain text, the link on a line of its own so that any mail
// program makes it clickable, and what to do when the message was not expected.

import type { MailMessage } from "./mailer"

const when = (date: Date): string => date.toUTCString().replace("GMT", "UTC")

export function invitationMail(to: string, url: string, expiresAt: Date): MailMessage {
  return {
    to,
    subject: "You are invited to the back office",
    text: [
      "You have been invited to the marketplace back office.",
      "",
      "Open this link to choose your name and a password:",
      url,
      "",
      `The link works once, until ${when(expiresAt)}. If you did not expect it, ignore this message.`,
    ].join("\n"),
  }
}

export function passwordResetMail(to: string, url: string, expiresAt: Date): MailMessage {
  return {
    to,
    subject: "Choose a new password for the back office",
    text: [
      "Someone (we hope you) asked to choose a new password for this email's back-office account.",
      "",
      "Open this link to choose it:",
      url,
      "",
      `The link works once, until ${when(expiresAt)}. Choosing a new password signs the account out everywhere.`,
      "If you did not ask for it, ignore this message: your password stays as it is.",
    ].join("\n"),
  }
}

export function informationRequestMail(to: string, company: string, message: string): MailMessage {
  return {
    to,
    subject: `Your application for ${company}: more information needed`,
    text: [
      `Thank you for applying to join the marketplace as ${company}. Before we can decide, we need more from you:`,
      "",
      message,
      "",
      "Send the documents through the same service you applied with; your application keeps its place.",
    ].join("\n"),
  }
}
