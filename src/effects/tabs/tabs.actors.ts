import { fromCallback } from "xstate"
import { type TabsEvent, tabsMachine } from "../../machines/tabs/tabs.machine"
import type { TabLink } from "./tab-link"

/**
 * The tabs machine with its one piece of IO: the link to the browser's other tabs, opened at start, so that it
 * hears them from the first moment, before (and whether or not) the app's services have loaded.
 */
export function provideTabs(link: TabLink) {
  const channel = fromCallback<TabsEvent, void>(({ sendBack, receive }) => {
    const stopListening = link.listen((message) => sendBack({ type: "tabs.heard", message }))
    receive((event) => {
      if (event.type === "tabs.announce") link.post(event.message)
    })
    return stopListening
  })
  return tabsMachine.provide({ actors: { channel } })
}
