import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

/** Inbox and Archived: two places of one page, shown as links so that each has its own address. */
export const views = style({
  display: "flex",
  gap: vars.space.xs,
  marginBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const view = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: "2px solid transparent",
  color: vars.color.textMuted,
  fontWeight: 600,
  textDecoration: "none",
  selectors: { '&[aria-current="page"]': { color: vars.color.text, borderBottomColor: vars.color.accent } },
})
