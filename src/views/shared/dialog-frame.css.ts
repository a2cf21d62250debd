import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

export const dialog = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  padding: vars.space.xl,
  width: "min(420px, calc(100vw - 32px))",
  maxHeight: "calc(100dvh - 32px)",
  overflowY: "auto",
  overflowWrap: "anywhere",
  selectors: { "&::backdrop": { background: "rgba(0,0,0,0.4)" } },
})
export const dialogActions = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "flex-end",
  gap: vars.space.sm,
})
