import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../shell/theme.css"

// One notification row, in the bell and on the notifications page: unread dot, type icon, text, and actions
// that show on hover or keyboard focus (always on a touch screen, which has no hover).

export const item = style({
  position: "relative",
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.xs,
  paddingLeft: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:hover, &:focus-within": { background: vars.color.accentSoft } },
})
/** The unread dot: a shape as well as bold text, so unread does not rest on weight alone. */
export const dot = style({
  position: "absolute",
  left: "5px",
  top: "18px",
  width: "8px",
  height: "8px",
  borderRadius: "50%",
  background: vars.color.accent,
})
export const typeIcon = style({
  flex: "none",
  display: "inline-grid",
  placeItems: "center",
  width: "32px",
  height: "32px",
  marginTop: vars.space.sm,
  borderRadius: "50%",
  background: vars.color.accentSoft,
  color: vars.color.accent,
})
export const headline = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: vars.space.xs,
})
const priorityBase = style({
  flex: "none",
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontSize: "0.75rem",
  fontWeight: 700,
  border: "1px solid currentColor",
})
export const priority = styleVariants({
  urgent: [priorityBase, { color: vars.color.danger, background: vars.color.dangerSoft }],
  high: [priorityBase, { color: vars.color.warning, background: vars.color.warningSoft }],
})
export const meta = style({ color: vars.color.textMuted, fontSize: "0.8rem", overflowWrap: "anywhere" })
/** Over the row's top-right corner on hover or focus, so that the text keeps the row's whole width. */
export const actions = style({
  position: "absolute",
  top: vars.space.xs,
  right: vars.space.xs,
  display: "flex",
  gap: "2px",
  padding: "2px",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.raised,
  opacity: 0,
  selectors: { [`${item}:hover &, ${item}:focus-within &`]: { opacity: 1 } },
  // No hover on a touch screen: the buttons sit in the row, always shown.
  "@media": {
    "(hover: none)": { position: "static", opacity: 1, boxShadow: "none", background: "transparent" },
  },
})
export const action = style({ flex: "none", padding: "0 8px", minWidth: "36px", minHeight: "36px" })
