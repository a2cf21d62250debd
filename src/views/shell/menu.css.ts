import { style } from "@vanilla-extract/css"
import { LAYOUT } from "../../constants"
import { vars } from "./theme.css"

export const wrapper = style({ position: "relative" })
export const trigger = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  padding: `2px ${vars.space.md} 2px 2px`,
  minWidth: 0,
  "@media": {
    [`screen and (max-width: ${LAYOUT.mobileBreakpointPx - 1}px)`]: { padding: "2px", position: "relative" },
  },
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
})
/** The signed-in user's name beside the avatar: cut short when long, and left to the avatar on a phone (it
 * stays the button's accessible name). */
export const triggerName = style({
  maxWidth: "14rem",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  "@media": {
    [`screen and (max-width: ${LAYOUT.mobileBreakpointPx - 1}px)`]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      clip: "rect(0 0 0 0)",
    },
  },
})
export const avatar = style({
  display: "inline-grid",
  placeItems: "center",
  width: "30px",
  height: "30px",
  borderRadius: "50%",
  background: vars.color.accent,
  color: vars.color.accentText,
  fontWeight: 700,
  fontSize: "0.8rem",
  flex: "none",
})
export const menu = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 6px)",
  minWidth: "200px",
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: vars.space.xs,
  zIndex: 30,
  display: "grid",
  maxWidth: "calc(100vw - 16px)",
})
export const item = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: "none",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  textDecoration: "none",
  cursor: "pointer",
  selectors: { "&:hover, &:focus-visible": { background: vars.color.accentSoft } },
})
export const banner = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.accentSoft,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const bannerText = style({ margin: 0, flex: "1 1 16rem" })
