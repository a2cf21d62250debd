import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

/**
 * From the top, not centred: what arrives after the form has shown (the demo accounts' notice under it) then
 * grows the page downwards instead of moving the fields and buttons someone is about to click.
 */
export const screen = style({
  minHeight: "100%",
  display: "grid",
  justifyItems: "center",
  alignContent: "start",
  padding: "clamp(16px, 12vh, 120px) 16px 16px",
})
export const form = style({ width: "min(400px, 100%)", display: "grid" })
/** Links under a form ("Forgot password?", "Back to sign in"), spaced from it. */
export const links = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.lg,
  justifyContent: "center",
  marginTop: vars.space.lg,
})
/** An email address in running text: a long one breaks rather than widening the card at 375 px. */
export const email = style({ overflowWrap: "anywhere" })
export const wide = style({ width: "100%" })
/** A button that reads as a link inside a sentence. */
export const inlineButton = style({
  font: "inherit",
  padding: 0,
  border: "none",
  background: "none",
  color: vars.color.accent,
  textDecoration: "underline",
  cursor: "pointer",
})
/** The passkey sign-in under the password form's own button. */
export const passkeyButton = style({ marginTop: vars.space.md })
/** Each way to set up a second factor at sign-in, under the step's own heading. */
export const choiceTitle = style({ fontSize: "1.05rem", margin: `${vars.space.lg} 0 ${vars.space.sm}` })
