import { createContainer } from "@vanilla-extract/css"

/** The page area: lists and tables lay themselves out by its width, not the window's (the sidebar takes some). */
export const contentContainer = createContainer("content")
