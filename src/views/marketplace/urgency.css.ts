import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

// Emergency and high urgency as badges in the tones the waiting badges use, so that an emergency stands out
// in a list as an overdue record does; the word is always there, the colour only repeats it.

const badgeBase = style({
  display: "inline-block",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: "0.8rem",
  fontWeight: 600,
  lineHeight: 1.6,
  whiteSpace: "nowrap",
})

export const urgencyBadge = styleVariants({
  emergency: [badgeBase, { color: vars.color.danger, background: vars.color.dangerSoft }],
  high: [badgeBase, { color: vars.color.warning, background: vars.color.warningSoft }],
})
