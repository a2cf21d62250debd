import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../theme.css"

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
export const actions = style({
  flex: "none",
  display: "flex",
  gap: "2px",
  padding: `${vars.space.xs} ${vars.space.xs} 0 0`,
  opacity: 0,
  selectors: { [`${item}:hover &, ${item}:focus-within &`]: { opacity: 1 } },
  "@media": { "(hover: none)": { opacity: 1 } },
})
export const action = style({ flex: "none", padding: "0 8px", minWidth: "36px", minHeight: "36px" })
