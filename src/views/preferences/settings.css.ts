import { style } from "@vanilla-extract/css"
import { contentContainer } from "../shell/content-container.css"
import { vars } from "../shell/theme.css"

export const section = style({ marginBottom: vars.space.xl })
export const sectionTitle = style({ fontSize: "1.1rem", margin: `0 0 ${vars.space.md}` })
export const table = style({ width: "100%", borderCollapse: "collapse", marginBottom: vars.space.lg })
export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
})
export const switchCell = style([
  cell,
  {
    textAlign: "center",
    width: "8rem",
    "@container": {
      [`${contentContainer} (max-width: 479px)`]: { width: "4.5rem", paddingInline: vars.space.xs },
    },
  },
])
export const checkbox = style({ width: "1.1rem", height: "1.1rem", cursor: "pointer" })
export const actions = style({ display: "flex", gap: vars.space.md, alignItems: "center", flexWrap: "wrap" })
