import { style } from "@vanilla-extract/css"
import { LAYOUT } from "../../constants"
import { contentContainer } from "./content-container.css"
import { vars } from "./theme.css"
import { TOPBAR_HEIGHT_PX } from "./topbar-height"

const narrow = `screen and (max-width: ${LAYOUT.mobileBreakpointPx - 1}px)`
const wide = `screen and (min-width: ${LAYOUT.mobileBreakpointPx}px)`

export const shell = style({ display: "flex", minHeight: "100%" })

export const sidebar = style({
  flex: "none",
  width: vars.layout.sidebarOpen,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  display: "flex",
  flexDirection: "column",
  height: "100vh",
  position: "sticky",
  top: 0,
  overflowY: "auto",
  transition: "width 120ms ease",
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
})
export const sidebarCollapsed = style({ width: vars.layout.sidebarCollapsed })
/** On a narrow screen the opened sidebar floats over the page instead of pushing it. */
export const sidebarOverlay = style({
  "@media": {
    [narrow]: {
      position: "fixed",
      left: 0,
      top: 0,
      bottom: 0,
      height: "auto",
      maxWidth: "100vw",
      zIndex: 40,
      boxShadow: vars.shadow.raised,
    },
  },
})
export const scrim = style({
  display: "none",
  "@media": {
    [narrow]: { display: "block", position: "fixed", inset: 0, background: "rgba(0,0,0,0.35)", zIndex: 39 },
  },
})

export const sidebarSlot = style({ display: "contents" })
export const sidebarHeader = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `0 ${vars.space.md}`,
  minHeight: `${TOPBAR_HEIGHT_PX}px`,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const brand = style({
  fontWeight: 700,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
})
export const narrowOnly = style({ "@media": { [wide]: { display: "none" } } })
export const iconButton = style({
  display: "inline-grid",
  placeItems: "center",
  minWidth: "36px",
  height: "36px",
  border: "none",
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.accentSoft } },
})
export const search = style({
  margin: vars.space.md,
  font: "inherit",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.bg,
  color: vars.color.text,
})
export const nav = style({ display: "grid", gap: "2px", padding: `0 ${vars.space.sm} ${vars.space.lg}` })
export const navLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: "none",
  minWidth: 0,
  selectors: {
    "&:hover": { background: vars.color.accentSoft },
    '&[aria-current="page"]': {
      background: vars.color.accentSoft,
      color: vars.color.accent,
      fontWeight: 600,
    },
  },
})
export const groupButton = style([
  navLink,
  { width: "100%", border: "none", background: "transparent", font: "inherit", cursor: "pointer" },
])
export const groupChildren = style({ display: "grid", gap: "2px", paddingLeft: vars.space.md })
export const glyph = style({ width: "24px", flex: "none" })
export const linkLabel = style({
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
})
export const count = style({
  marginLeft: "auto",
  // A count never breaks over two lines, however long the link's label.
  whiteSpace: "nowrap",
  flexShrink: 0,
  minWidth: "22px",
  padding: "0 6px",
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: "0.8rem",
  textAlign: "center",
})

export const main = style({ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" })
export const topbar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  height: `${TOPBAR_HEIGHT_PX}px`,
  padding: `0 ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  position: "sticky",
  top: 0,
  zIndex: 20,
  "@media": { [narrow]: { padding: `0 ${vars.space.sm}` } },
})
export const spacer = style({ flex: 1 })
export const content = style({
  flex: 1,
  minWidth: 0,
  containerName: contentContainer,
  containerType: "inline-size",
})
