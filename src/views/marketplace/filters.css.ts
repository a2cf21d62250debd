import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

export const bar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  marginBottom: vars.space.md,
})
export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.accentSoft,
  color: vars.color.text,
  font: "inherit",
  fontSize: "0.85rem",
  cursor: "pointer",
  maxWidth: "100%",
  overflowWrap: "anywhere",
})
export const panel = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 200px), 1fr))",
  gap: vars.space.lg,
  padding: vars.space.md,
  marginBottom: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  // The class's display would otherwise override the folded panel's `hidden`.
  selectors: { "&[hidden]": { display: "none" } },
})
export const group = style({ border: 0, margin: 0, padding: 0, minWidth: 0 })
export const legend = style({ fontWeight: 600, marginBottom: vars.space.xs, padding: 0 })
export const options = style({
  display: "grid",
  gap: "2px",
  maxHeight: "12rem",
  overflowY: "auto",
})
export const option = style({ display: "flex", gap: vars.space.xs, alignItems: "center", minWidth: 0 })
export const optionCount = style({
  color: vars.color.textMuted,
  marginLeft: "auto",
  paddingLeft: vars.space.sm,
})
export const notes = style({
  color: vars.color.warning,
  margin: `0 0 ${vars.space.md}`,
  paddingLeft: "1.2em",
})
export const manage = style({ listStyle: "none", margin: `0 0 ${vars.space.md}`, padding: 0 })
