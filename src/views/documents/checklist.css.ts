import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs })
export const item = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  columnGap: vars.space.sm,
  rowGap: "2px",
})
export const name = style({ minWidth: "10rem" })
export const note = style({ color: vars.color.textMuted, fontSize: "0.9rem", flexBasis: "100%" })

const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: "0.85rem",
  fontWeight: 600,
  border: "1px solid currentColor",
  whiteSpace: "nowrap",
})

export const state = styleVariants({
  present: [chip, { color: vars.color.success, background: vars.color.successSoft }],
  expiring: [chip, { color: vars.color.warning, background: vars.color.warningSoft }],
  missing: [chip, { color: vars.color.danger, background: vars.color.dangerSoft }],
})
