import { style } from "@vanilla-extract/css"
import { vars } from "../theme.css"

export const wrapper = style({ position: "relative" })
export const trigger = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  padding: `2px ${vars.space.md} 2px 2px`,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
})
export const avatar = style({
  display: "inline-grid",
  placeItems: "center",
  width: "30px",
  height: "30px",
  borderRadius: "50%",
  background: vars.color.accent,
  color: vars.color.accentText,
  fontWeight: 700,
  fontSize: "0.8rem",
})
export const menu = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 6px)",
  minWidth: "200px",
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: vars.space.xs,
  zIndex: 30,
  display: "grid",
})
export const item = style({
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: "none",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  textDecoration: "none",
  cursor: "pointer",
  selectors: { "&:hover, &:focus-visible": { background: vars.color.accentSoft } },
})
export const dialog = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  padding: vars.space.xl,
  width: "min(420px, calc(100vw - 32px))",
  selectors: { "&::backdrop": { background: "rgba(0,0,0,0.4)" } },
})
export const dialogActions = style({ display: "flex", justifyContent: "flex-end", gap: vars.space.sm })
export const banner = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.accentSoft,
  borderBottom: `1px solid ${vars.color.border}`,
})
