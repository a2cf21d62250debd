import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm })
export const item = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  gap: vars.space.sm,
  alignItems: "start",
})
export const thumbButton = style({
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: "4px",
  background: "transparent",
  cursor: "zoom-in",
  lineHeight: 0,
})
export const thumb = style({ width: "64px", height: "48px", objectFit: "cover", borderRadius: "3px" })
export const fileIcon = style({
  width: "64px",
  height: "48px",
  display: "grid",
  placeItems: "center",
  border: `1px solid ${vars.color.border}`,
  borderRadius: "4px",
})
export const meta = style({ display: "grid", gap: "2px", minWidth: 0 })
export const links = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap" })
export const viewerTools = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  marginBottom: vars.space.sm,
})
export const stage = style({
  width: "min(80vw, 900px)",
  height: "min(65vh, 640px)",
  overflow: "auto",
  display: "grid",
  placeItems: "center",
  background: vars.color.border,
  borderRadius: "4px",
})
export const image = style({
  maxWidth: "100%",
  maxHeight: "100%",
  transformOrigin: "center",
  imageRendering: "auto",
})
