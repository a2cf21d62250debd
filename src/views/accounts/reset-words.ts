import type { ResetLinkState } from "../../schema/accounts/password-reset"

/** What the reset page says of a link that does not work, instead of showing the form. */
export const CLOSED_RESET_LINK: Readonly<
  Record<Exclude<ResetLinkState, "open">, { title: string; text: string }>
> = {
  unknown: {
    title: "This password-reset link is not valid",
    text: "Check that the whole link was copied, or ask for a new one.",
  },
  expired: {
    title: "This password-reset link has expired",
    text: "Reset links work for 30 minutes. Ask for a new one.",
  },
  revoked: {
    title: "This password-reset link was replaced",
    text: "A newer link was sent after this one. Use the latest one, or ask for a new one.",
  },
  used: {
    title: "This password-reset link has already been used",
    text: "If it was you, sign in with the password you chose. Otherwise ask for a new link.",
  },
}
