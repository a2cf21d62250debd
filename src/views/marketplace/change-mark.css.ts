import { style } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

/** "Approved by Corey Coordinator just now": beside what changed, muted so that it informs without shouting. */
export const changeMark = style({
  display: "block",
  marginTop: "2px",
  fontSize: "0.85rem",
  fontStyle: "italic",
  fontWeight: "normal",
  color: vars.color.textMuted,
})
