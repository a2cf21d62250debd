import { createGlobalTheme, createThemeContract, globalStyle } from "@vanilla-extract/css"
import { LAYOUT } from "../../constants"

/** One theme contract; light and dark fill it, chosen by a data attribute on <html>. */
export const vars = createThemeContract({
  color: {
    bg: null,
    surface: null,
    surfaceRaised: null,
    border: null,
    text: null,
    textMuted: null,
    accent: null,
    accentText: null,
    accentSoft: null,
    danger: null,
    dangerSoft: null,
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    focus: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null },
  radius: { sm: null, md: null, pill: null },
  font: { body: null, mono: null },
  shadow: { raised: null },
  layout: { sidebarOpen: null, sidebarCollapsed: null },
})

const shared = {
  space: { xs: "4px", sm: "8px", md: "12px", lg: "16px", xl: "24px" },
  radius: { sm: "4px", md: "8px", pill: "999px" },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, monospace",
  },
  layout: { sidebarOpen: `${LAYOUT.sidebarOpenPx}px`, sidebarCollapsed: `${LAYOUT.sidebarCollapsedPx}px` },
}

createGlobalTheme(":root, [data-theme='light']", vars, {
  ...shared,
  color: {
    bg: "#f6f7f9",
    surface: "#ffffff",
    surfaceRaised: "#ffffff",
    border: "#d9dde3",
    text: "#17202b",
    textMuted: "#4d5866",
    accent: "#1d5fd1",
    accentText: "#ffffff",
    accentSoft: "#e5eefc",
    danger: "#b42318",
    dangerSoft: "#fde8e7",
    success: "#067647",
    successSoft: "#e3f5ec",
    warning: "#8a5a00",
    warningSoft: "#fdf3dc",
    focus: "#1d5fd1",
  },
  shadow: { raised: "0 4px 16px rgba(16, 24, 40, 0.12)" },
})

createGlobalTheme("[data-theme='dark']", vars, {
  ...shared,
  color: {
    bg: "#0f141a",
    surface: "#161d26",
    surfaceRaised: "#1d2631",
    border: "#2c3744",
    text: "#e8edf2",
    textMuted: "#a8b3bf",
    accent: "#7fb0ff",
    accentText: "#0b1320",
    accentSoft: "#1c2b44",
    danger: "#ff8a80",
    dangerSoft: "#3a1d1b",
    success: "#6fd49b",
    successSoft: "#15301f",
    warning: "#f0c36b",
    warningSoft: "#332812",
    focus: "#7fb0ff",
  },
  shadow: { raised: "0 4px 16px rgba(0, 0, 0, 0.5)" },
})

globalStyle("*, *::before, *::after", { boxSizing: "border-box" })
globalStyle("html, body, #root", { height: "100%", margin: 0 })
globalStyle("body", {
  fontFamily: vars.font.body,
  background: vars.color.bg,
  color: vars.color.text,
  fontSize: "15px",
  lineHeight: 1.5,
  // A long word (a pasted link, a code) breaks rather than pushing the page sideways.
  overflowWrap: "break-word",
})
// Text blocks may break a long word anywhere; table cells only break words that do not fit (break-word above),
// so a narrow column never spells its words out letter by letter.
globalStyle("h1, h2, h3, p, li, dd, dt, figcaption, legend", { overflowWrap: "anywhere" })
globalStyle("a", { color: vars.color.accent })
globalStyle(":focus-visible", { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" })
globalStyle(".visually-hidden", {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
})
