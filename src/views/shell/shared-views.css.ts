import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css"

// The team's shared views under their list in the sidebar: a step in, a size down, so that they read as the
// list's own children.
export const sharedViews = style({ display: "grid", gap: "2px", paddingLeft: vars.space.lg, minWidth: 0 })
export const sharedViewLink = style({ fontSize: "0.875rem", paddingTop: "4px", paddingBottom: "4px" })
/** A list's link and its views, together one item of the group: as narrow as the sidebar, labels cut short. */
export const entry = style({ minWidth: 0, display: "grid" })
