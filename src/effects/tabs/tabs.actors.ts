import { fromCallback } from "xstate"
import { type TabsEvent, tabsMachine } from "../../machines/tabs/tabs.machine"
import type { TabLink } from "./tab-link"

/** The part of the page the tabs actor watches to know the person is using this tab (a test passes a fake). */
export interface TabUseSignals {
  readonly visible: () => boolean
  /** Calls `used` each time the tab is shown or focused, until the returned function is called. */
  readonly watch: (used: () => void) => () => void
}

/**
 * The browser's own: the tab shown (visibilitychange), its window focused, or a click or touch in it (two windows
 * side by side may both keep focus to themselves: a headless browser's do).
 */
export const browserTabUse = (): TabUseSignals => ({
  visible: () => document.visibilityState === "visible",
  watch: (used) => {
    const onVisibility = () => {
      if (document.visibilityState === "visible") used()
    }
    document.addEventListener("visibilitychange", onVisibility)
    window.addEventListener("focus", used)
    window.addEventListener("pointerdown", used, { capture: true, passive: true })
    return () => {
      document.removeEventListener("visibilitychange", onVisibility)
      window.removeEventListener("focus", used)
      window.removeEventListener("pointerdown", used, { capture: true })
    }
  },
})

/**
 * The tabs machine with its IO: the link to the browser's other tabs, opened at start, so that it hears them from
 * the first moment, before (and whether or not) the app's services have loaded; and the page's signs that the
 * person uses this tab: a tab that starts in view was opened to be used.
 */
export function provideTabs(link: TabLink, use: TabUseSignals | null = null) {
  const channel = fromCallback<TabsEvent, void>(({ sendBack, receive }) => {
    const stopListening = link.listen((message) => sendBack({ type: "tabs.heard", message }))
    receive((event) => {
      if (event.type === "tabs.announce") link.post(event.message)
    })
    const used = () => sendBack({ type: "tabs.used", at: Date.now() })
    const stopWatching = use?.watch(used) ?? (() => {})
    if (use?.visible()) used()
    return () => {
      stopListening()
      stopWatching()
    }
  })
  return tabsMachine.provide({ actors: { channel } })
}
