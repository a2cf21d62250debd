import { keyframes, style, styleVariants } from "@vanilla-extract/css"
import { contentContainer } from "../shell/content-container.css"
import { vars } from "../shell/theme.css"

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  minHeight: "36px",
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  font: "inherit",
  fontWeight: 600,
  // A label wraps between words, never inside one (a page's "anywhere" wrapping would split "Cancel").
  overflowWrap: "normal",
  textAlign: "center",
  cursor: "pointer",
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { "&:disabled": { opacity: 0.6, cursor: "not-allowed" } },
})

export const button = styleVariants({
  primary: [
    buttonBase,
    { background: vars.color.accent, color: vars.color.accentText, borderColor: "transparent" },
  ],
  secondary: [buttonBase],
  // accentText is the theme's text-on-a-strong-colour: white on the light theme's dark red, near-black on the
  // dark theme's light red (white there failed WCAG contrast at 2.4:1).
  danger: [
    buttonBase,
    { background: vars.color.danger, color: vars.color.accentText, borderColor: "transparent" },
  ],
  ghost: [buttonBase, { background: "transparent", borderColor: "transparent" }],
})

export const page = style({
  padding: vars.space.xl,
  maxWidth: "1100px",
  width: "100%",
  minWidth: 0,
  "@container": { [`${contentContainer} (max-width: 599px)`]: { padding: vars.space.md } },
})
export const pageTitle = style({
  fontSize: "1.5rem",
  margin: `0 0 ${vars.space.lg}`,
  "@container": { [`${contentContainer} (max-width: 599px)`]: { fontSize: "1.3rem" } },
})
export const muted = style({ color: vars.color.textMuted })
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.xl,
  minWidth: 0,
  "@container": { [`${contentContainer} (max-width: 599px)`]: { padding: vars.space.lg } },
})

export const field = style({ display: "grid", gap: vars.space.xs, marginBottom: vars.space.lg })
export const input = style({
  font: "inherit",
  minWidth: 0,
  maxWidth: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
})
export const errorText = style({ color: vars.color.danger, margin: `0 0 ${vars.space.md}` })
export const successText = style({ color: vars.color.success, margin: `0 0 ${vars.space.md}` })

const spin = keyframes({ to: { transform: "rotate(360deg)" } })
export const spinner = style({
  width: "28px",
  height: "28px",
  borderRadius: "50%",
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.accent,
  animation: `${spin} 0.8s linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animationDuration: "3s" } },
})
export const centered = style({
  display: "grid",
  placeItems: "center",
  gap: vars.space.md,
  minHeight: "50vh",
  alignContent: "center",
})

export const count = style({ fontSize: "0.85rem", color: vars.color.textMuted, justifySelf: "end" })
export const countFull = style([count, { color: vars.color.danger, fontWeight: 600 }])
