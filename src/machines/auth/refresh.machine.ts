import { assign, emit, fromPromise, setup } from "xstate"
import type { RefreshResponse } from "../../schema/auth/auth"
import type { TokenFact } from "../system/facts"

export const REFRESH_FAILED = "Refresh token expired or invalid."

export type RefreshEvent = { type: "refresh.requested"; waiterId: string }
export type RefreshEmitted =
  | { type: "released"; waiterIds: ReadonlyArray<string>; token: string }
  | { type: "rejected"; waiterIds: ReadonlyArray<string> }

/**
 * The refresh queue: the first 401 starts one refresh; every request failing while it runs waits for it; all
 * are then released with the new token, or all rejected and the session logged out. Waiters hear the outcome
 * through emitted events (the RefreshGate listens for its own id); the rest of the app hears it as a fact on
 * the bus ('token refreshed', 'token refresh failed'), which the auth actor subscribes to.
 */
export const refreshMachine = setup({
  types: {
    context: {} as { waiters: ReadonlyArray<string> },
    events: {} as RefreshEvent,
    emitted: {} as RefreshEmitted | TokenFact,
  },
  actors: {
    refreshToken: fromPromise<RefreshResponse>(async () => {
      throw new Error("refreshToken is provided by src/effects/auth/refresh.actors.ts")
    }),
  },
  actions: {
    enqueue: assign({ waiters: ({ context, event }) => [...context.waiters, event.waiterId] }),
    clear: assign({ waiters: [] }),
  },
}).createMachine({
  id: "refresh",
  context: { waiters: [] },
  initial: "idle",
  states: {
    idle: { on: { "refresh.requested": { target: "refreshing", actions: "enqueue" } } },
    refreshing: {
      on: { "refresh.requested": { actions: "enqueue" } },
      invoke: {
        id: "refreshToken",
        src: "refreshToken",
        onDone: {
          target: "idle",
          actions: [
            emit(({ context, event }) => ({
              type: "released",
              waiterIds: context.waiters,
              token: event.output.access,
            })),
            emit(({ event }) => ({ type: "token.refreshed", token: event.output.access })),
            "clear",
          ],
        },
        onError: {
          target: "idle",
          actions: [
            emit(({ context }) => ({ type: "rejected", waiterIds: context.waiters })),
            emit({ type: "token.refreshFailed", error: REFRESH_FAILED }),
            "clear",
          ],
        },
      },
    },
  },
})
