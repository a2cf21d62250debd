import { assign, emit, setup } from "xstate"
import type { RecordChangedMessage } from "../../schema/live/socket"
import type { LiveRecordsFact } from "../system/facts"
import { remoteChangeOf } from "./remote-change"

// Marketplace changes made elsewhere, from the socket (docs/behaviour.md#live-records). It knows who this
// user is (the socket's first frame says), so that a change made by this user is applied without being marked
// as someone else's. And it keeps the pages whole (docs/behaviour.md#catching-up): each connection's stream
// runs from a position (the one the socket resumed from, or the newest), so a page whose data reflects an
// older position, or a connection that could not resume, makes every open list, the dashboard and a detail
// page load again.

export interface LiveRecordsContext {
  readonly userId: number | null
  /** Connections opened so far in this session: a second one is a reconnection. */
  readonly connections: number
  /** Where the open connection's stream starts; null while none is open. */
  readonly streamFrom: number | null
  /** The oldest position a page loaded while no connection was open: the next stream must start at or before it. */
  readonly heldMin: number | null
}

export type LiveRecordsEvent =
  /**
   * The socket opened (bus: socket.received with connection_established): its stream starts at `position`;
   * `reload` when the position the socket offered could not be resumed from. No position: an older server,
   * which resumes nothing.
   */
  | { type: "liveRecords.connected"; userId: number; position?: number; reload?: boolean }
  /** A record changed somewhere (bus: socket.received with record.changed). */
  | { type: "liveRecords.changed"; message: RecordChangedMessage }
  /** A page loaded data reflecting this position (bus: live.held). */
  | { type: "liveRecords.held"; position: number }
  /** The connection closed (bus: socket.lost). */
  | { type: "liveRecords.lost" }

export const liveRecordsMachine = setup({
  types: {
    context: {} as LiveRecordsContext,
    events: {} as LiveRecordsEvent,
    emitted: {} as LiveRecordsFact,
  },
  guards: {
    /** What the pages show may miss changes the new stream will not send. */
    mustReload: ({ context, event }) => {
      if (event.type !== "liveRecords.connected") return false
      if (event.reload === true) return true
      if (event.position === undefined) return context.connections > 0
      return context.heldMin !== null && context.heldMin < event.position
    },
    /** Loaded from before the open stream's start: the changes in between were not sent to this tab. */
    uncovered: ({ context, event }) =>
      event.type === "liveRecords.held" && context.streamFrom !== null && event.position < context.streamFrom,
    connected: ({ context }) => context.streamFrom !== null,
  },
  actions: {
    takeConnection: assign(({ context, event }) =>
      event.type === "liveRecords.connected"
        ? {
            userId: event.userId,
            connections: context.connections + 1,
            streamFrom: event.position ?? null,
            heldMin: null,
          }
        : {},
    ),
    holdPosition: assign({
      heldMin: ({ context, event }) =>
        event.type === "liveRecords.held"
          ? Math.min(context.heldMin ?? event.position, event.position)
          : context.heldMin,
    }),
    announceResync: emit({ type: "records.resync" } as const),
    announceChange: emit(({ context }, params: { message: RecordChangedMessage }) => ({
      type: "records.remoteChanged" as const,
      change: remoteChangeOf(params.message, context.userId),
    })),
  },
}).createMachine({
  id: "liveRecords",
  context: { userId: null, connections: 0, streamFrom: null, heldMin: null },
  initial: "listening",
  states: {
    listening: {
      on: {
        "liveRecords.connected": [
          { guard: "mustReload", actions: ["takeConnection", "announceResync"] },
          { actions: "takeConnection" },
        ],
        "liveRecords.changed": {
          actions: { type: "announceChange", params: ({ event }) => ({ message: event.message }) },
        },
        "liveRecords.held": [
          { guard: "uncovered", actions: "announceResync" },
          { guard: "connected" },
          { actions: "holdPosition" },
        ],
        "liveRecords.lost": { actions: assign({ streamFrom: null }) },
      },
    },
  },
})
