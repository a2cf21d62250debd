import { style } from "@vanilla-extract/css"

export const screen = style({ minHeight: "100%", display: "grid", placeItems: "center", padding: "16px" })
export const form = style({ width: "min(400px, 100%)", display: "grid" })
