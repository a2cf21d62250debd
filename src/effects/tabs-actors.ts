import type { Effect } from "effect"
import { fromCallback } from "xstate"
import { type TabsEvent, tabsMachine } from "../machines/tabs.machine"
import { TabChannel } from "./tab-channel"

type Run = <A, E>(effect: Effect.Effect<A, E, TabChannel>) => Promise<A>

/** The tabs machine with its one piece of IO: the channel to the browser's other tabs. */
export function provideTabs(run: Run) {
  const channel = fromCallback<TabsEvent, void>(({ sendBack, receive }) => {
    let stopListening: (() => void) | null = null
    let stopped = false
    run(TabChannel.use((tabs) => tabs.listen((message) => sendBack({ type: "tabs.heard", message })))).then(
      (off) => {
        if (stopped) off()
        else stopListening = off
      },
      (error: unknown) => console.warn("The other tabs cannot be heard; this tab goes on by itself", error),
    )
    receive((event) => {
      if (event.type === "tabs.announce") void run(TabChannel.use((tabs) => tabs.post(event.message)))
    })
    return () => {
      stopped = true
      stopListening?.()
    }
  })
  return tabsMachine.provide({ actors: { channel } })
}
