import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  alignItems: "baseline",
  justifyContent: "space-between",
})
export const filters = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  alignItems: "end",
  marginBottom: vars.space.md,
})
/** A filter's field: side by side when there is room, each the full width on a phone. */
export const filter = style({ display: "grid", gap: vars.space.xs, flex: "1 1 12rem", minWidth: 0 })
export const searchFilter = style([filter, { flex: "2 1 16rem" }])
export const status = style({ minHeight: "1.5rem", margin: `0 0 ${vars.space.sm}` })
export const rowActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs })
export const smallButton = style({ minHeight: "32px", padding: `0 ${vars.space.md}`, fontSize: "0.9rem" })
/** Beside its label in a card, a chip keeps its own width instead of the line's. */
export const badge = style({ justifySelf: "start" })
export const you = style({ color: vars.color.textMuted, fontWeight: 400 })
export const issued = style({ display: "grid", gap: vars.space.md, marginBottom: vars.space.lg })
export const issuedTitle = style({ margin: 0, fontSize: "1.15rem" })
export const issuedNote = style({ margin: 0 })
export const linkRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" })
export const linkField = style({
  flex: "1 1 16rem",
  minWidth: 0,
  fontFamily: vars.font.mono,
  fontSize: "0.85rem",
})
export const history = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.sm,
})
export const historyWhen = style({ color: vars.color.textMuted, fontSize: "0.85rem" })
export const dialogField = style({ display: "grid", gap: vars.space.xs, marginBottom: vars.space.md })
export const empty = style({ padding: vars.space.lg, textAlign: "center" })
