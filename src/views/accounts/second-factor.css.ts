import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

export const codesPanel = style({ display: "grid", gap: vars.space.md })
export const codes = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(9rem, 1fr))",
  gap: vars.space.sm,
  margin: 0,
  paddingLeft: vars.space.xl,
  fontSize: "1rem",
})
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" })
export const qr = style({
  width: "200px",
  height: "200px",
  maxWidth: "100%",
  background: "#fff",
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
})
/** The key to type: grouped by four for reading, broken anywhere on a narrow screen. */
export const secret = style({ overflowWrap: "anywhere", fontSize: "1rem", letterSpacing: "0.05em" })
export const check = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  marginBottom: vars.space.lg,
})
export const row = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
})
export const rowText = style({ display: "grid", gap: vars.space.xs, minWidth: 0, overflowWrap: "anywhere" })
/** The app's key, its code field and its button, one under the other. */
export const setupApp = style({ display: "grid", gap: vars.space.md, justifyItems: "start" })
