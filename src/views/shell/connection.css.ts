import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css"

export const indicator = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minWidth: 0,
  fontSize: "0.85rem",
  color: vars.color.textMuted,
})

export const dot = style({
  flex: "none",
  width: 8,
  height: 8,
  borderRadius: vars.radius.pill,
  background: vars.color.warning,
})

export const offlineDot = style([dot, { background: vars.color.danger }])

export const text = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })

export const reconnect = style({
  flex: "none",
  font: "inherit",
  color: vars.color.accent,
  background: "none",
  border: "none",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  textDecoration: "underline",
  ":focus-visible": { outline: `2px solid ${vars.color.focus}` },
})
