import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

export const score = style({ fontWeight: 600, fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" })

export const factors = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.xs,
  fontSize: "0.85rem",
  // Wide enough to read a factor on one line at desktop widths; never wider than a 320 px phone's card.
  minWidth: "min(11rem, 100%)",
  maxWidth: "18rem",
})

export const factor = style({ display: "block", overflowWrap: "anywhere" })

/** A bar as long as the factor's share of its own most; the number beside it is its share of the score. */
export const bar = style({
  display: "block",
  height: "6px",
  marginTop: "2px",
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  overflow: "hidden",
})
export const barFill = style({ display: "block", height: "100%", background: vars.color.accent })

export const detail = style({ display: "block", color: vars.color.textMuted })

export const filterCheck = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "2.5rem",
})
