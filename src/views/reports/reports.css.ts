import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

// A phone is narrower than a table's natural width: the columns share the width and long words wrap, so the
// page never scrolls sideways.
export const table = style({
  width: "100%",
  tableLayout: "fixed",
  overflowWrap: "anywhere",
})

/** A table of five or more columns is too wide to share a phone's width: it scrolls within its own box instead. */
export const scrollRegion = style({ containerType: "inline-size", maxWidth: "100%" })
export const scroller = style({ overflowX: "auto", maxWidth: "100%" })
export const wideTable = style({ width: "100%", minWidth: "32rem", overflowWrap: "normal" })

/** Says, where the column is narrower than the wide table, that the table scrolls sideways. */
export const scrollHint = style({
  margin: `${vars.space.xs} 0`,
  fontSize: "13px",
  color: vars.color.textMuted,
  "@container": { "(min-width: 32rem)": { display: "none" } },
})

/** A chart's box: as wide as the page's column, never wider, so the page does not scroll sideways. */
export const chart = style({ width: "100%", minWidth: 0, overflow: "hidden" })

export const legend = style({ margin: `${vars.space.xs} 0`, fontSize: "13px", color: vars.color.textMuted })
