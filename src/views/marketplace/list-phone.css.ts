import { globalStyle, style } from "@vanilla-extract/css"
import { contentContainer } from "../shell/content-container.css"
import { vars } from "../shell/theme.css"

// A list page on a phone (docs/behaviour.md#layout): its first record shows in the first screen at 375 × 740,
// so the title, the search, the selects and the buttons above it pack into a few short rows.
const phone = `${contentContainer} (max-width: 599px)`

export const title = style({ "@container": { [phone]: { marginBottom: vars.space.sm } } })

export const toolbar = style({
  "@container": {
    [phone]: {
      display: "grid",
      gridTemplateColumns: "1fr 1fr",
      gap: "6px",
      alignItems: "end",
      marginBottom: vars.space.sm,
    },
  },
})
// The search takes a row of its own; its box is named already (aria-label), so the word above it goes.
globalStyle(`${toolbar} > search`, { "@container": { [phone]: { gridColumn: "1 / -1" } } })
globalStyle(`${toolbar} > search input`, { "@container": { [phone]: { width: "100%" } } })
globalStyle(`${toolbar} > search label`, { "@container": { [phone]: { flex: "1 1 auto", minWidth: 0 } } })
globalStyle(`${toolbar} > search label > span`, {
  "@container": {
    [phone]: {
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
globalStyle(`${toolbar} select`, { "@container": { [phone]: { width: "100%", minWidth: 0 } } })
globalStyle(`${toolbar} label > span`, { "@container": { [phone]: { fontSize: "0.8rem" } } })

/** Keyboard shortcuts need a keyboard: a phone has none to speak of. */
export const keyboardOnly = style({ "@container": { [phone]: { display: "none" } } })
