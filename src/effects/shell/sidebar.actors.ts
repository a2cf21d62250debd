import { fromCallback } from "xstate"
import { LAYOUT } from "../../constants"
import { type SidebarEvent, sidebarMachine } from "../../machines/shell/sidebar.machine"
import { watchMedia } from "./media"

const narrowQuery = `(max-width: ${LAYOUT.mobileBreakpointPx - 1}px)`

/** Sends the current viewport at once and on every crossing of the mobile breakpoint. */
const watchViewport = fromCallback<SidebarEvent>(({ sendBack }) =>
  watchMedia(narrowQuery, (narrow) => sendBack({ type: "sidebar.viewport", narrow }), true),
)

/** The sidebar's machine with its IO: the viewport's width. */
export const provideSidebar = () => sidebarMachine.provide({ actors: { watchViewport } })
