import { emit, enqueueActions, fromCallback, sendTo, setup } from "xstate"
import type { TabMessage } from "../../schema/tabs/tabs"
import type { TabsFact } from "../system/facts"

// The other tabs of this browser: a sign-in or a sign-out here is told to them, and theirs is published here as
// a fact, which the auth actor follows (one session for every tab). The channel between tabs is an actor from
// src/effects; a token one tab refreshed is shared below this machine, by the refresh itself.
//
// Which tab the person uses: the one used last, of all of them. A tab is 'here' until another says it was used
// after this one was, and 'here' again once used (shown, focused, clicked or typed in); only the changes are
// told and published. A live notification is toasted in that tab alone (docs/behaviour.md#one-socket-per-session):
// fifty tabs drew fifty toasts of every notification, for a person who sees one.

export type TabsEvent =
  /** Tell the other tabs (bus: this tab signed in or out). */
  | { type: "tabs.announce"; message: TabMessage }
  /** Another tab said this. */
  | { type: "tabs.heard"; message: TabMessage }
  /** The person used this tab (it was shown or focused, or was clicked or typed in), at this time. */
  | { type: "tabs.used"; at: number }

export interface TabsContext {
  /** When this tab was last told as used; null: not yet since it started. */
  readonly usedAt: number | null
}

export const tabsMachine = setup({
  types: { events: {} as TabsEvent, emitted: {} as TabsFact, context: {} as TabsContext },
  actors: {
    /** Posts what it is sent and reports what the other tabs post; provided by src/effects. */
    channel: fromCallback<TabsEvent, void>(() => () => {}),
  },
  actions: {
    claim: enqueueActions(({ enqueue }, params: { at: number }) => {
      enqueue.assign({ usedAt: params.at })
      enqueue.sendTo("channel", {
        type: "tabs.announce",
        message: { type: "inUse", at: params.at },
      } satisfies TabsEvent)
    }),
  },
  guards: {
    /** Another tab was used after this one last was. */
    usedLaterElsewhere: ({ context, event }) =>
      event.type === "tabs.heard" &&
      event.message.type === "inUse" &&
      (context.usedAt === null || event.message.at > context.usedAt),
    /** Not told yet since this tab started: the other tabs still take it for one used before them. */
    notToldYet: ({ context }) => context.usedAt === null,
  },
}).createMachine({
  id: "tabs",
  context: { usedAt: null },
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
  initial: "here",
  states: {
    here: {
      on: {
        "tabs.used": { guard: "notToldYet", actions: { type: "claim", params: ({ event }) => event } },
        "tabs.heard": {
          guard: "usedLaterElsewhere",
          target: "elsewhere",
          actions: emit({ type: "tabs.inUse", here: false } as const),
        },
      },
    },
    elsewhere: {
      on: {
        "tabs.used": {
          target: "here",
          actions: [
            { type: "claim", params: ({ event }) => event },
            emit({ type: "tabs.inUse", here: true } as const),
          ],
        },
      },
    },
  },
})
