import { fromCallback } from "xstate"
import { LAYOUT } from "../../constants"
import { type SidebarEvent, sidebarMachine } from "../../machines/shell/sidebar.machine"
import { media } from "./media"

const narrowQuery = `(max-width: ${LAYOUT.mobileBreakpointPx - 1}px)`

/** Sends the current viewport at once and on every crossing of the mobile breakpoint. */
const watchViewport = fromCallback<SidebarEvent>(({ sendBack }) => {
  const mq = media(narrowQuery)
  if (!mq) return () => {}
  const report = () => sendBack({ type: "sidebar.viewport", narrow: mq.matches })
  report()
  mq.addEventListener("change", report)
  return () => mq.removeEventListener("change", report)
})

/** The sidebar's machine with its IO: the viewport's width. */
export const provideSidebar = () => sidebarMachine.provide({ actors: { watchViewport } })
