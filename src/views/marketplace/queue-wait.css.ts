import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

// The due and overdue badges: words first (colour only repeats them), warning and danger tones per theme.

const badgeBase = style({
  display: "inline-block",
  marginLeft: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: "0.8rem",
  fontWeight: 600,
  lineHeight: 1.6,
  whiteSpace: "nowrap",
})

export const badge = styleVariants({
  due: [badgeBase, { color: vars.color.warning, background: vars.color.warningSoft }],
  overdue: [badgeBase, { color: vars.color.danger, background: vars.color.dangerSoft }],
})

export const waited = style({ whiteSpace: "nowrap" })

export const counts = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  margin: `${vars.space.sm} 0`,
})
