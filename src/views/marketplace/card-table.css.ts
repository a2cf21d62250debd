import { globalStyle, style } from "@vanilla-extract/css"
import { contentContainer } from "../shell/content-container.css"
import { vars } from "../shell/theme.css"

// A table that becomes a stack of cards when the page area is too narrow for its columns (a phone, or a
// tablet with the sidebar open): each row a card, each cell a line led by its column's name (data-label).
// The elements stay a table, so a screen reader still reads rows and columns.

const cards = `${contentContainer} (max-width: 719px)`

export const table = style({ width: "100%", borderCollapse: "collapse" })
/** A cell whose column name is shown in card mode (set data-label on it). */
export const cell = style({
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
  // Words break only where they would overflow their cell: "anywhere" would let the table shrink columns
  // below their longest word and split "Customer" and "Bristol" mid-word.
  overflowWrap: "break-word",
})
/** The cell that names the row: the card's heading. */
export const lead = style({ fontWeight: 600 })
/** The tick box column. */
export const check = style({ width: "2.5rem" })

globalStyle(`${table} > thead > tr`, { "@container": { [cards]: { display: "flex", alignItems: "center" } } })
// Column names move into each card; only a select-all tick box stays, with its words beside it.
globalStyle(`${table} > thead th:not(:has(input))`, {
  "@container": {
    [cards]: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)" },
  },
})
globalStyle(`${table} > thead th:has(input)`, {
  "@container": { [cards]: { display: "flex", gap: vars.space.sm, width: "auto", border: "none" } },
})
globalStyle(`${table} > thead th:has(input)::after`, {
  "@container": { [cards]: { content: "'Select all on this page'", fontWeight: 400 } },
})
globalStyle(`${table}, ${table} > tbody`, { "@container": { [cards]: { display: "block" } } })
globalStyle(`${table} > tbody > tr`, {
  "@container": {
    [cards]: {
      display: "grid",
      gridTemplateColumns: "auto 1fr",
      columnGap: vars.space.sm,
      padding: vars.space.md,
      marginBottom: vars.space.md,
      background: vars.color.surface,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
    },
  },
})
globalStyle(`${table} > tbody > tr > td`, {
  "@container": {
    [cards]: {
      gridColumn: "1 / -1",
      display: "grid",
      gridTemplateColumns: "minmax(5.5rem, 30%) 1fr",
      gap: vars.space.sm,
      padding: `2px 0`,
      border: "none",
      minWidth: 0,
    },
  },
})
globalStyle(`${table} > tbody > tr > td[data-label]::before`, {
  "@container": { [cards]: { content: "attr(data-label)", color: vars.color.textMuted } },
})
// The tick box sits beside the card's heading instead of on a line of its own.
globalStyle(`${table} > tbody > tr > td${check}`, {
  "@container": { [cards]: { gridColumn: "1", display: "block", width: "auto", paddingTop: "4px" } },
})
globalStyle(`${table} > tbody > tr > td${check} + td${lead}`, {
  "@container": { [cards]: { gridColumn: "2", display: "block" } },
})
globalStyle(`${table} > tbody > tr > td${lead}:not([data-label])`, {
  "@container": { [cards]: { display: "block", fontSize: "1.05rem" } },
})
/** An application asked for more: said in words under its name (docs/behaviour.md#documents). */
export const waitingNote = style({
  display: "block",
  fontWeight: 400,
  fontSize: "0.85rem",
  color: vars.color.warning,
})

/** A line under the lead cell's link (a request's providers on an approved list). */
export const leadNote = style({ display: "block", fontWeight: 400, marginTop: vars.space.xs })
