import { style } from "@vanilla-extract/css"
import { LAYOUT } from "../../constants"
import { vars } from "./theme.css"

// The command palette: a dialog near the top of the window, its search field, and the options under it.

export const dialog = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  padding: 0,
  marginTop: "10vh",
  width: "min(560px, calc(100vw - 24px))",
  maxHeight: "calc(90dvh - 24px)",
  overflow: "hidden",
  boxShadow: vars.shadow.raised,
  selectors: {
    "&[open]": { display: "flex", flexDirection: "column" },
    "&::backdrop": { background: "rgba(0,0,0,0.4)" },
  },
})
export const input = style({
  font: "inherit",
  fontSize: "1.0625rem",
  border: "none",
  borderBottom: `1px solid ${vars.color.border}`,
  background: "transparent",
  color: vars.color.text,
  padding: vars.space.md,
  width: "100%",
  boxSizing: "border-box",
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "-2px" },
})
export const listbox = style({ listStyle: "none", margin: 0, padding: vars.space.xs, overflowY: "auto" })
export const option = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  columnGap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  overflowWrap: "anywhere",
})
export const active = style({
  background: vars.color.accentSoft,
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: "-2px",
})
export const kind = style({
  gridRow: "1 / span 2",
  color: vars.color.textMuted,
  fontSize: "0.75rem",
  textTransform: "uppercase",
  letterSpacing: "0.03em",
  minWidth: "6.5rem",
  paddingTop: "2px",
})
export const title = style({ fontWeight: 600 })
export const subtitle = style({ color: vars.color.textMuted, fontSize: "0.875rem" })
export const status = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.textMuted,
})
export const footer = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.sm,
  flexWrap: "wrap",
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: "0.8125rem",
})
export const trigger = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.textMuted,
  font: "inherit",
  padding: `6px ${vars.space.md}`,
  cursor: "pointer",
  // The smallest phones (320 px) have no room for the top bar's usual padding beside the bell and the avatar.
  "@media": { "screen and (max-width: 359px)": { padding: `6px ${vars.space.sm}`, gap: vars.space.xs } },
})
// A phone has no Ctrl key to press: the hint is for wide screens. It is drawn by CSS: as text in the button it
// would be part of what the button visibly says, which its accessible name ('Search pages and records') must
// then contain (WCAG 2.5.3, label in name).
export const triggerKeys = style({
  fontSize: "0.8125rem",
  "::after": { content: '"Ctrl+K"' },
  "@media": { [`screen and (max-width: ${LAYOUT.mobileBreakpointPx - 1}px)`]: { display: "none" } },
})
