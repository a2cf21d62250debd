import { style } from "@vanilla-extract/css"

// A phone is narrower than a table's natural width: the columns share the width and long words wrap, so the
// page never scrolls sideways.
export const table = style({
  width: "100%",
  tableLayout: "fixed",
  overflowWrap: "anywhere",
})
