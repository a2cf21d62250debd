import { style } from "@vanilla-extract/css"

// A phone is narrower than a table's natural width: the columns share the width and long words wrap, so the
// page never scrolls sideways.
export const table = style({
  width: "100%",
  tableLayout: "fixed",
  overflowWrap: "anywhere",
})

/** A table of six columns is too wide to share a phone's width: it scrolls within its own box instead. */
export const scroller = style({ overflowX: "auto", maxWidth: "100%" })
export const wideTable = style({ width: "100%", minWidth: "32rem", overflowWrap: "normal" })
