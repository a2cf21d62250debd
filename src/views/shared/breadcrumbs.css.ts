import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

export const nav = style({ marginBottom: vars.space.md, fontSize: "0.9rem" })
export const list = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
  listStyle: "none",
  margin: 0,
  padding: 0,
  minWidth: 0,
})
export const item = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  minWidth: 0,
  maxWidth: "100%",
})
export const link = style({ color: vars.color.accent })
export const separator = style({ color: vars.color.textMuted, flex: "none" })
/** A long record title is cut to one line here; the page's heading below shows all of it. */
export const current = style({
  display: "block",
  color: vars.color.textMuted,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  maxWidth: "min(40ch, 100%)",
})
