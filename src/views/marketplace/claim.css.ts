import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

// The detail page's assignment line and who else is viewing, and the lists' assignee cell.

export const claimBar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  marginBottom: vars.space.md,
})
export const assignee = style({ fontWeight: 600, overflowWrap: "anywhere" })
export const presence = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.textMuted,
  // Kept rendered when empty: a live region must exist before what it announces.
  ":empty": { margin: 0 },
})
export const viewer = style({
  display: "inline-block",
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.text,
  fontSize: "0.85rem",
  overflowWrap: "anywhere",
})
// One word that must not break mid-word in a narrow table column.
export const unassigned = style({
  color: vars.color.textMuted,
  overflowWrap: "normal",
  wordBreak: "keep-all",
})
export const claimedNote = style({ color: vars.color.warning, fontWeight: 600 })
