import { globalStyle, style } from "@vanilla-extract/css"
import { LAYOUT } from "../../constants"
import { vars } from "./theme.css"

// On a phone the Terms banner takes one line (docs/behaviour.md#layout): a shorter sentence shows, the full one
// stays for screen readers; on a wide screen the full sentence shows and the short one is not there.
const narrow = `screen and (max-width: ${LAYOUT.mobileBreakpointPx - 1}px)`

export const bannerNarrow = style({
  "@media": {
    [narrow]: { flexWrap: "nowrap", gap: vars.space.sm, padding: `2px ${vars.space.md}` },
  },
})

/** The full sentence: shown when wide; on a phone read out only (clipped out of sight, not removed). */
export const fullText = style({
  "@media": {
    [narrow]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      clipPath: "inset(50%)",
      whiteSpace: "nowrap",
    },
  },
})

/** The short sentence: a phone's only; cut with an ellipsis should a large font still not fit. */
export const shortText = style({
  display: "none",
  "@media": {
    [narrow]: {
      display: "block",
      overflow: "hidden",
      textOverflow: "ellipsis",
      whiteSpace: "nowrap",
      minWidth: 0,
    },
  },
})

export const text = style({
  "@media": { [narrow]: { flex: "1 1 auto", minWidth: 0, fontSize: "0.875rem" } },
})

globalStyle(`${bannerNarrow} > button`, {
  "@media": { [narrow]: { paddingLeft: vars.space.sm, paddingRight: vars.space.sm, flex: "none" } },
})
