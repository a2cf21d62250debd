import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css"

// The team's shared views under their list in the sidebar: a step in, a size down, so that they read as the
// list's own children.
export const sharedViews = style({ display: "grid", gap: "2px", paddingLeft: vars.space.lg })
export const sharedViewLink = style({ fontSize: "0.875rem", paddingTop: "4px", paddingBottom: "4px" })
