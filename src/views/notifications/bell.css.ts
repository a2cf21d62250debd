import { globalStyle, style } from "@vanilla-extract/css"
import { LAYOUT, NOTIFICATIONS } from "../../constants"
import { vars } from "../shell/theme.css"
import { TOPBAR_HEIGHT_PX } from "../shell/topbar-height"

const narrow = `screen and (max-width: ${LAYOUT.mobileBreakpointPx - 1}px)`
/** Room the panel's header and footer take from a phone's height (px). */
const PANEL_CHROME_PX = 120

export const wrapper = style({ position: "relative" })
export const bellButton = style({
  position: "relative",
  display: "inline-grid",
  placeItems: "center",
  width: "38px",
  height: "38px",
  borderRadius: "50%",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
})
export const badge = style({
  position: "absolute",
  top: "-4px",
  right: "-4px",
  minWidth: "18px",
  height: "18px",
  padding: "0 4px",
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  // The theme's text for a filled control: white on the light theme's dark red, near-black on the dark theme's
  // light red (white there was 2.3:1, below the 4.5:1 small text needs).
  color: vars.color.accentText,
  fontSize: "0.7rem",
  fontWeight: 700,
  lineHeight: "18px",
  textAlign: "center",
  // It sits over the button: clicks go through to it.
  pointerEvents: "none",
})
export const panel = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 6px)",
  width: "min(380px, calc(100vw - 24px))",
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  zIndex: 40,
  display: "grid",
  // On a phone the panel is a sheet across the screen under the top bar: anchored to the bell it ran off the
  // left edge.
  "@media": {
    [narrow]: {
      position: "fixed",
      top: `${TOPBAR_HEIGHT_PX}px`,
      left: vars.space.sm,
      right: vars.space.sm,
      width: "auto",
    },
  },
})
export const panelHeader = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const panelTitle = style({ margin: 0, fontSize: "1rem", marginRight: "auto" })
export const scroller = style({
  maxHeight: `min(${NOTIFICATIONS.panelMaxHeight}, calc(100dvh - ${TOPBAR_HEIGHT_PX + PANEL_CHROME_PX}px))`,
  overflowY: "auto",
  overscrollBehavior: "contain",
})
export const list = style({ listStyle: "none", margin: 0, padding: 0 })
export const tabs = style({
  display: "flex",
  gap: vars.space.xs,
  padding: `0 ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const tab = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: "none",
  borderBottom: "2px solid transparent",
  background: "none",
  color: vars.color.textMuted,
  font: "inherit",
  fontWeight: 600,
  cursor: "pointer",
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.accent },
  },
})
/** Stands for the rows between a kept focused row and the rendered window of a long list. */
export const gap = style({ listStyle: "none", margin: 0, padding: 0 })
export const row = style({
  flex: 1,
  minWidth: 0,
  overflowWrap: "anywhere",
  display: "grid",
  gap: "2px",
  padding: `${vars.space.sm} ${vars.space.sm}`,
  color: vars.color.text,
  textDecoration: "none",
})
export const title = style({ overflowWrap: "anywhere" })
export const unread = style([title, { fontWeight: 700 }])
/** Three lines at most in a list; the notification's own page shows all of it. */
export const message = style({
  color: vars.color.textMuted,
  fontSize: "0.9rem",
  display: "-webkit-box",
  WebkitBoxOrient: "vertical",
  WebkitLineClamp: 3,
  overflow: "hidden",
})
export const time = style({ color: vars.color.textMuted, fontSize: "0.8rem" })
export const footer = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
})
export const centered = style({ padding: vars.space.lg, textAlign: "center" })
export const health = style({ fontSize: "0.8rem", color: vars.color.textMuted })
export const filters = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.md,
  marginBottom: vars.space.lg,
})
// Fields and buttons in the filter row line up on their bottom edge: no field margin, no stretched button.
globalStyle(`${filters} > *`, { marginBottom: 0 })
