import { assign, emit, setup } from "xstate"
import type { Viewer } from "../../schema/live/presence"
import type { RecordRef } from "../marketplace/marketplace-types"
import type { PresenceFact } from "../system/facts"

// Who else is on the record this tab shows (docs/behaviour.md#presence). The detail page says which record it
// shows and when it leaves; this actor publishes that, and the socket tells the server. The server answers with
// the other viewers (never this user), kept here while they concern the record shown. After a reconnection
// the server has forgotten this socket, so the view is said again.

export interface PresenceContext {
  readonly viewing: RecordRef | null
  readonly viewers: ReadonlyArray<Viewer>
}

export type PresenceEvent =
  | { type: "presence.view"; record: RecordRef }
  /** The page of this record closed; a later page's view is not undone by an earlier page's leave. */
  | { type: "presence.leave"; record: RecordRef }
  /** The socket is open again (bus: socket.connected). */
  | { type: "presence.resend" }
  /** The server's list for a record (bus: socket.received). */
  | { type: "presence.heard"; record: RecordRef; viewers: ReadonlyArray<Viewer> }

const same = (a: RecordRef | null, b: RecordRef): boolean =>
  a !== null && a.kind === b.kind && a.uuid === b.uuid

export const presenceMachine = setup({
  types: { context: {} as PresenceContext, events: {} as PresenceEvent, emitted: {} as PresenceFact },
  guards: {
    isShown: ({ context, event }) =>
      (event.type === "presence.heard" || event.type === "presence.leave") &&
      same(context.viewing, event.record),
  },
  actions: {
    announce: emit(({ context }) => ({ type: "presence.changed", viewing: context.viewing })),
  },
}).createMachine({
  id: "presence",
  context: { viewing: null, viewers: [] },
  initial: "away",
  on: {
    "presence.view": {
      target: ".viewing",
      reenter: true,
      actions: [assign({ viewing: ({ event }) => event.record, viewers: [] }), "announce"],
    },
  },
  states: {
    away: {},
    viewing: {
      on: {
        "presence.leave": {
          guard: "isShown",
          target: "away",
          actions: [assign({ viewing: null, viewers: [] }), "announce"],
        },
        "presence.resend": { actions: "announce" },
        "presence.heard": { guard: "isShown", actions: assign({ viewers: ({ event }) => event.viewers }) },
      },
    },
  },
})
