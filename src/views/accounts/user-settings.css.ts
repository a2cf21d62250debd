import { style } from "@vanilla-extract/css"
import { contentContainer } from "../shell/content-container.css"
import { vars } from "../shell/theme.css"

export const sections = style({ display: "grid", gap: vars.space.xl, maxWidth: "860px" })

export const sectionTitle = style({ fontSize: "1.15rem", margin: `0 0 ${vars.space.md}` })

export const form = style({ display: "grid", maxWidth: "420px" })

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.md })

export const sessionRow = style({
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

export const sessionText = style({
  display: "grid",
  gap: vars.space.xs,
  minWidth: 0,
  overflowWrap: "anywhere",
})

export const badge = style({
  display: "inline-block",
  marginLeft: vars.space.sm,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.text,
  fontSize: "0.8rem",
  fontWeight: 600,
})

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  marginTop: vars.space.lg,
})

// A phone is narrower than the table's natural width: the columns share it and long words wrap.
export const table = style({
  width: "100%",
  tableLayout: "fixed",
  borderCollapse: "collapse",
  // Words stay whole unless one alone is wider than its column (an IPv6 address).
  overflowWrap: "break-word",
  fontSize: "0.95rem",
  "@container": { [`${contentContainer} (max-width: 599px)`]: { fontSize: "0.85rem" } },
})

export const cell = style({
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
})

export const failed = style({ color: vars.color.danger, fontWeight: 600 })
