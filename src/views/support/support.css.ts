import { globalStyle, style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

export const panel = style({
  position: "fixed",
  inset: "8px 8px 8px auto",
  zIndex: 1000,
  width: "min(760px, calc(100vw - 16px))",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  fontSize: "0.8rem",
})
export const header = style({ display: "flex", alignItems: "center", gap: vars.space.sm })
export const title = style({ margin: 0, fontSize: "1rem", flex: 1 })
export const button = style({
  font: "inherit",
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
})
export const error = style({ color: vars.color.danger, margin: 0 })
export const section = style({ overflow: "auto", minHeight: 0, border: `1px solid ${vars.color.border}` })
export const actors = style([section, { flex: "0 1 40%" }])
export const log = style([section, { flex: "1 1 60%" }])
// On a phone the panel is narrower than a table's columns can be read in: the table keeps a readable width and
// its section scrolls sideways, rather than breaking every word a letter a line.
export const table = style({
  width: "100%",
  minWidth: "36rem",
  borderCollapse: "collapse",
  fontFamily: vars.font.mono,
})
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  verticalAlign: "top",
  padding: "2px 6px",
  borderBottom: `1px solid ${vars.color.border}`,
  wordBreak: "break-word",
})
globalStyle(`${table} th`, {
  position: "sticky",
  top: 0,
  background: vars.color.surfaceRaised,
  whiteSpace: "nowrap",
})
export const filter = style({ display: "flex", alignItems: "center", gap: vars.space.sm })
