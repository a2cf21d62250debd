import type { AccountStatus, MailOutcome } from "../../schema/accounts/staff"

// What the staff page says, named once.

export const STATUS_LABEL: Readonly<Record<AccountStatus, string>> = {
  invited: "Invited",
  active: "Active",
  deactivated: "Deactivated",
}

export const MAIL_WORDS: Readonly<Record<MailOutcome, string>> = {
  sent: "It was also sent by email.",
  off: "Mail is not configured: give this link to the person yourself.",
  failed: "The email could not be sent: give this link to the person yourself.",
}

export const STAFF_WORDS = {
  title: "Staff",
  intro:
    "Everyone who can sign in to the back office: invite colleagues, change what they may do, or stop their access.",
  invite: "Invite someone",
  searchLabel: "Search name or email",
  noneYet: "No accounts yet.",
  noneMatch: "No accounts match these filters.",
  loading: "Loading staff…",
  saving: "Saving…",
  neverSignedIn: "Never",
  noName: "Name not chosen yet",
  you: "you",
  invitationLink: "Invitation link",
  resetLink: "Password-reset link",
  copy: "Copy link",
  copied: "Copied",
  linkCopied: "Link copied.",
  copyFailed: "Copy failed: select the link and copy it.",
  done: "Done",
  historyTitle: (who: string) => `History of ${who}`,
  historyEmpty: "No changes recorded yet.",
  historyLoading: "Loading history…",
} as const

/** "3 accounts" / "1 account". */
export const accountCount = (n: number): string => `${n} ${n === 1 ? "account" : "accounts"}`

export type ConfirmKind = "deactivate" | "reactivate" | "revoke"

export const CONFIRM_WORDS: Readonly<
  Record<ConfirmKind, { title: (who: string) => string; text: string; action: string; danger: boolean }>
> = {
  deactivate: {
    title: (who) => `Deactivate ${who}?`,
    text: "They are signed out everywhere at once and cannot sign in until an admin reactivates them. Records they had claimed are released.",
    action: "Deactivate",
    danger: true,
  },
  reactivate: {
    title: (who) => `Reactivate ${who}?`,
    text: "They can sign in again with their password.",
    action: "Reactivate",
    danger: false,
  },
  revoke: {
    title: (who) => `Withdraw the invitation to ${who}?`,
    text: "The invitation link stops working at once. You can invite the same email again later.",
    action: "Withdraw invitation",
    danger: true,
  },
}
