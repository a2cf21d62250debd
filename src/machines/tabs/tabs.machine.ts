import { emit, enqueueActions, fromCallback, sendTo, setup } from "xstate"
import type { TabMessage } from "../../schema/tabs/tabs"
import type { TabsFact } from "../system/facts"

// The other tabs of this browser: a sign-in or a sign-out here is told to them, and theirs is published here as
// a fact, which the auth actor follows (one session for every tab). The channel between tabs is an actor from
// src/effects; a token one tab refreshed is shared below this machine, by the refresh itself.

export type TabsEvent =
  /** Tell the other tabs (bus: this tab signed in or out). */
  | { type: "tabs.announce"; message: TabMessage }
  /** Another tab said this. */
  | { type: "tabs.heard"; message: TabMessage }

export const tabsMachine = setup({
  types: { events: {} as TabsEvent, emitted: {} as TabsFact },
  actors: {
    /** Posts what it is sent and reports what the other tabs post; provided by src/effects. */
    channel: fromCallback<TabsEvent, void>(() => () => {}),
  },
}).createMachine({
  id: "tabs",
  invoke: { id: "channel", src: "channel" },
  on: {
    "tabs.announce": { actions: sendTo("channel", ({ event }) => event) },
    "tabs.heard": {
      actions: enqueueActions(({ event, enqueue }) => {
        const message = event.message
        if (message.type === "signedIn")
          enqueue(
            emit({ type: "tabs.signedInElsewhere", token: message.token, userId: message.userId } as const),
          )
        else if (message.type === "signedOut") enqueue(emit({ type: "tabs.signedOutElsewhere" } as const))
      }),
    },
  },
})
