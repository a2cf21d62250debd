import { globalStyle, style } from "@vanilla-extract/css"
import { LAYOUT } from "../../constants"
import { contentContainer } from "../shell/content-container.css"
import { vars } from "../shell/theme.css"

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "end",
  marginBottom: vars.space.lg,
})
export const pager = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  marginTop: vars.space.lg,
})
export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  // Too narrow for two columns: each label above its value.
  "@container": { [`${contentContainer} (max-width: 479px)`]: { gridTemplateColumns: "minmax(0, 1fr)" } },
})
export const factLabel = style({
  color: vars.color.textMuted,
  "@container": {
    [`${contentContainer} (max-width: 479px)`]: { marginTop: vars.space.sm, fontSize: "0.85rem" },
  },
})
export const factValue = style({ margin: 0, minWidth: 0, overflowWrap: "anywhere" })
export const attachments = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "2px" })
export const attachment = style({ display: "flex", alignItems: "center", gap: vars.space.xs, minWidth: 0 })
export const section = style({ marginTop: vars.space.lg })
export const actions = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  marginTop: vars.space.lg,
})
export const cards = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))",
  gap: vars.space.lg,
})
export const bigNumber = style({ fontSize: "2rem", fontWeight: 700, display: "block" })
export const timeline = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.md,
})
export const textarea = style({ minHeight: "6rem", resize: "vertical" })
export const bulkBar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  border: "none",
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
  minWidth: 0,
})
export const batch = style({ margin: `${vars.space.sm} 0`, paddingLeft: vars.space.lg })
export const report = style({ marginBottom: vars.space.lg, padding: vars.space.lg })
export const reportTitle = style({ fontSize: "1rem", margin: 0 })
globalStyle(`${attachment} > svg`, { flex: "none" })
/** A candidate's document expired or expiring, under its name (docs/behaviour.md#documents). */
export const documentWarning = style({
  display: "block",
  fontWeight: 400,
  fontSize: "0.85rem",
  color: vars.color.warning,
})
export const leftOutTitle = style({ fontSize: "1.1rem", margin: `0 0 ${vars.space.sm}` })
/**
 * A record's decision buttons: on a phone they stay at the bottom of the screen while the record scrolls
 * under them, so Approve is in reach without scrolling past the whole record.
 */
export const decisionBar = style([
  actions,
  {
    "@media": {
      [`screen and (max-width: ${LAYOUT.mobileBreakpointPx - 1}px)`]: {
        position: "sticky",
        bottom: 0,
        zIndex: 5,
        // The card's own colour: the record scrolls under it.
        background: vars.color.surface,
        borderTop: `1px solid ${vars.color.border}`,
        padding: `${vars.space.sm} 0`,
      },
    },
  },
])
/** The candidates in the "Offer more providers" dialog: a scrolling list when there are many. */
export const courseCandidates = style({
  border: "none",
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  display: "grid",
  gap: vars.space.xs,
  maxHeight: "40vh",
  overflowY: "auto",
})
export const courseCandidate = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minWidth: 0,
})
/** The internal notes thread. */
export const notes = style({
  listStyle: "none",
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
})
export const note = style({
  borderLeft: `3px solid ${vars.color.border}`,
  paddingLeft: vars.space.sm,
  minWidth: 0,
})
export const noteMeta = style({ margin: 0, fontSize: "0.9rem" })
export const noteBody = style({
  margin: `${vars.space.xs} 0 0`,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
})
