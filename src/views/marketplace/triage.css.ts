import { globalStyle, style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

// The keyboard's row cursor, the sortable column headers and the shortcuts dialog's key list.

/** The row the keyboard points at: a ring inside the row (and the card, on a narrow page) and a tint. */
export const cursorRow = style({
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: "-2px",
  background: vars.color.accentSoft,
})
// A narrow page's card sets its own background (card-table.css.ts): the cursor's tint must outrank it.
globalStyle(`table > tbody > tr.${cursorRow}`, { background: vars.color.accentSoft })

/** A header that sorts: the whole cell's text is its button. */
export const sortButton = style({
  all: "unset",
  cursor: "pointer",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  fontWeight: 600,
  whiteSpace: "nowrap",
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
  ":hover": { textDecoration: "underline" },
})

export const keys = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
})
export const key = style({ margin: 0, fontFamily: vars.font.mono, whiteSpace: "nowrap" })
export const keyAction = style({ margin: 0 })

export const hint = style({
  color: vars.color.textMuted,
  fontSize: "0.875rem",
  margin: `0 0 ${vars.space.md}`,
})
