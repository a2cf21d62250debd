import { and, assign, emit, fromCallback, sendTo, setup } from "xstate"
import { SOCKET, socketBackoffMs } from "../../constants"
import { type ClientMessage, type ServerMessage, SOCKET_CLOSE } from "../../schema/live/socket"
import type { SocketFact } from "../system/facts"

// The live notification socket: connects after sign-in, reconnects after an unplanned close with a doubling
// back-off (1 s doubling to 15 s, at most 6 times), then stays offline but never gives up: it tries again slowly
// (every minute or so) and at once when the browser signals the network may be back (online, the tab shown or
// focused, a navigation) or the user asks ('Reconnect now'). Opening the socket is an actor from src/effects;
// this machine only decides when. What it hears it publishes as facts (connected, lost, a decoded frame, the
// token refused); it knows nothing of who listens.

export type SocketEvent =
  /** Signed in, or a new access token: (re)connect with it. */
  | { type: "socket.start"; token: string }
  /** Signed out: a planned close, never followed by a reconnect. */
  | { type: "socket.stop" }
  | { type: "socket.opened" }
  | { type: "socket.message"; message: ServerMessage; at: number }
  | { type: "socket.closed"; planned: boolean; code: number; at: number }
  | { type: "socket.send"; message: ClientMessage }
  /** Worth trying now: the browser is online again, the tab was shown or focused, a navigation, or the user asked. */
  | { type: "socket.wake" }

export interface SocketContext {
  token: string | null
  /** Reconnect attempts since the socket was last open. */
  attempt: number
  offlineSince: number | null
  /** Lost (an unplanned close, or no connection at all) and not open again since. */
  lost: boolean
  /**
   * How many times the connection came back after it was lost, since the app started: the signed-in pages
   * retry what failed while the server was away each time it grows. Not the first connection, nor a restart
   * with a new token.
   */
  reconnections: number
}

export interface ConnectionInput {
  readonly token: string
}

export const socketMachine = setup({
  types: { context: {} as SocketContext, events: {} as SocketEvent, emitted: {} as SocketFact },
  actors: {
    connection: fromCallback<SocketEvent, ConnectionInput>(() => () => {}),
    watchWake: fromCallback<SocketEvent>(() => () => {}),
  },
  guards: {
    planned: ({ event }) => event.type === "socket.closed" && event.planned,
    canRetry: ({ context }) => context.attempt < SOCKET.maxReconnectAttempts,
    tokenRefused: ({ event }) =>
      event.type === "socket.closed" && event.code === SOCKET_CLOSE.unauthorized.code,
    sessionRevoked: ({ event }) =>
      event.type === "socket.closed" && event.code === SOCKET_CLOSE.sessionRevoked.code,
  },
  delays: {
    // The bounds: src/effects/live/socket.actors.ts draws each wait at random below them.
    backoff: ({ context }) => socketBackoffMs(context.attempt + 1),
    slowRetry: SOCKET.slowRetryMs,
  },
  actions: {
    /** The server refused the token: a fresh one comes back as socket.start. */
    tokenRejected: emit({ type: "socket.tokenRefused" }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    markLost: assign({ lost: true }),
  },
}).createMachine({
  id: "socket",
  context: { token: null, attempt: 0, offlineSince: null, lost: false, reconnections: 0 },
  initial: "idle",
  on: {
    "socket.start": {
      target: ".connection",
      reenter: true,
      actions: assign({ token: ({ event }) => event.token, attempt: 0, offlineSince: null }),
    },
    "socket.stop": {
      target: ".idle",
      actions: assign({ token: null, attempt: 0, offlineSince: null, lost: false }),
    },
  },
  states: {
    idle: {},
    connection: {
      invoke: {
        id: "connection",
        src: "connection",
        input: ({ context }) => ({ token: context.token ?? "" }),
        // The actor reports closes as events; a throw (no WebSocket at all) is handled like a close.
        onError: [{ guard: "canRetry", target: "waiting" }, { target: "offline" }],
      },
      initial: "connecting",
      states: {
        connecting: {
          on: {
            "socket.opened": {
              target: "open",
              actions: assign({
                attempt: 0,
                offlineSince: null,
                lost: false,
                reconnections: ({ context }) => context.reconnections + (context.lost ? 1 : 0),
              }),
            },
          },
        },
        open: {
          entry: emit({ type: "socket.connected" }),
          exit: emit({ type: "socket.lost" }),
          on: {
            "socket.send": { actions: sendTo("connection", ({ event }) => event) },
          },
        },
      },
      on: {
        "socket.message": {
          actions: emit(({ event }) => ({ type: "socket.received", message: event.message, at: event.at })),
        },
        "socket.closed": [
          { guard: "planned", target: "idle" },
          // Final: the session is over, so no refresh and no reconnect; signing out follows from the fact.
          { guard: "sessionRevoked", target: "idle", actions: emit({ type: "socket.sessionRevoked" }) },
          { guard: and(["canRetry", "tokenRefused"]), target: "waiting", actions: "tokenRejected" },
          { guard: "canRetry", target: "waiting" },
          // Offline since the first time the quick attempts ran out, through every slow attempt after it.
          {
            target: "offline",
            actions: assign({ offlineSince: ({ context, event }) => context.offlineSince ?? event.at }),
          },
        ],
      },
    },
    waiting: {
      entry: "markLost",
      invoke: { id: "watchWake", src: "watchWake" },
      after: { backoff: { target: "connection", actions: "countAttempt" } },
      on: { "socket.wake": { target: "connection", actions: "countAttempt" } },
    },
    offline: {
      entry: "markLost",
      invoke: { id: "watchWake", src: "watchWake" },
      // A slow attempt that fails comes straight back here: the quick attempts are spent.
      after: { slowRetry: { target: "connection" } },
      // A sign that the network is back earns the quick attempts again.
      on: { "socket.wake": { target: "connection", actions: assign({ attempt: 0 }) } },
    },
  },
})
