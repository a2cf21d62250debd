import type { InvitationState } from "../../schema/accounts/invitation"

/** What the page says of a link that does not work, instead of showing the form. */
export const CLOSED_LINK: Readonly<
  Record<Exclude<InvitationState, "open">, { title: string; text: string }>
> = {
  unknown: {
    title: "This invitation link is not valid",
    text: "Check that the whole link was copied, or ask an admin to send a new one.",
  },
  expired: {
    title: "This invitation has expired",
    text: "Invitations work for 72 hours. Ask an admin to send a new one.",
  },
  revoked: {
    title: "This invitation was withdrawn",
    text: "Ask an admin if you still need an account.",
  },
  used: {
    title: "This invitation has already been used",
    text: "If it was you, sign in with the password you chose.",
  },
}

export const STRENGTH_WORDS = ["Too short", "Weak", "Fair", "Good", "Strong"] as const
