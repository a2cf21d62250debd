import { assign, emit, setup } from "xstate"
import type { RecordChangedMessage } from "../../schema/live/socket"
import type { LiveRecordsFact } from "../system/facts"
import { remoteChangeOf } from "./remote-change"

// Marketplace changes made elsewhere, from the socket (docs/behaviour.md#live-records). It knows who this
// user is (the socket's first frame says), so that a change made by this user is applied without being marked
// as someone else's; and it knows when the socket came back after a loss, when every open list, the
// dashboard and a detail page load again, since the changes meanwhile were not sent to this tab.

export interface LiveRecordsContext {
  readonly userId: number | null
  /** Connections opened so far in this session: a second one is a reconnection. */
  readonly connections: number
}

export type LiveRecordsEvent =
  /** The socket opened (bus: socket.received with connection_established). */
  | { type: "liveRecords.connected"; userId: number }
  /** A record changed somewhere (bus: socket.received with record.changed). */
  | { type: "liveRecords.changed"; message: RecordChangedMessage }

export const liveRecordsMachine = setup({
  types: {
    context: {} as LiveRecordsContext,
    events: {} as LiveRecordsEvent,
    emitted: {} as LiveRecordsFact,
  },
  guards: {
    reconnected: ({ context }) => context.connections > 0,
  },
  actions: {
    takeConnection: assign({
      userId: ({ context, event }) =>
        event.type === "liveRecords.connected" ? event.userId : context.userId,
      connections: ({ context }) => context.connections + 1,
    }),
    announceResync: emit({ type: "records.resync" } as const),
    announceChange: emit(({ context }, params: { message: RecordChangedMessage }) => ({
      type: "records.remoteChanged" as const,
      change: remoteChangeOf(params.message, context.userId),
    })),
  },
}).createMachine({
  id: "liveRecords",
  context: { userId: null, connections: 0 },
  initial: "listening",
  states: {
    listening: {
      on: {
        "liveRecords.connected": [
          { guard: "reconnected", actions: ["takeConnection", "announceResync"] },
          { actions: "takeConnection" },
        ],
        "liveRecords.changed": {
          actions: { type: "announceChange", params: ({ event }) => ({ message: event.message }) },
        },
      },
    },
  },
})
