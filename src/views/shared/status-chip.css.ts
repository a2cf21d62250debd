import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

const base = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `1px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: "0.85rem",
  fontWeight: 600,
  border: "1px solid currentColor",
  whiteSpace: "nowrap",
})

export const chip = styleVariants({
  waiting: [base, { color: vars.color.warning, background: vars.color.warningSoft }],
  done: [base, { color: vars.color.success, background: vars.color.successSoft }],
  refused: [base, { color: vars.color.danger, background: vars.color.dangerSoft }],
  /** Over without a yes or a no (an offer withdrawn or expired): told apart from a refusal. */
  closed: [base, { color: vars.color.textMuted, background: "transparent" }],
})
