import { assign, fromPromise, setup } from "xstate"
import type { SavedViewCount } from "../../schema/marketplace/saved-views"
import { failureText } from "../../schema/system/failure-text"

// The team's shared views with their counts, for the sidebar (docs/behaviour.md#saved-views): loaded when the
// session starts and again whenever records or views change (the bus asks for a refresh), so that the counts
// stay live as the dashboard's do. The last good counts stay while they reload; a refresh asked for during a
// load is one more load after it.

export const SHARED_VIEWS_LOAD_FAILED = "The team's views could not be loaded."

export interface SharedViewsContext {
  readonly views: ReadonlyArray<SavedViewCount>
  readonly error: string | null
  readonly again: boolean
}

export type SharedViewsEvent =
  /** Records or views changed (bus: records.changed, records.remoteChanged, records.resync, savedViews.changed). */
  | { type: "sharedViews.refresh" }
  /** The connection is back (bus: socket.connected): counts that failed to load load again. */
  | { type: "sharedViews.retry" }

const loadShared = fromPromise<ReadonlyArray<SavedViewCount>>(() =>
  Promise.reject(new Error("provided by src/effects/marketplace/shared-views.actors.ts")),
)

export const sharedViewsMachine = setup({
  types: { context: {} as SharedViewsContext, events: {} as SharedViewsEvent },
  actors: { loadShared },
}).createMachine({
  id: "sharedViews",
  context: { views: [], error: null, again: false },
  initial: "loading",
  states: {
    loading: {
      on: { "sharedViews.refresh": { actions: assign({ again: true }) } },
      invoke: {
        id: "loadShared",
        src: "loadShared",
        onDone: [
          {
            guard: ({ context }) => context.again,
            target: "loading",
            reenter: true,
            actions: assign({ views: ({ event }) => event.output, error: null, again: false }),
          },
          { target: "ready", actions: assign({ views: ({ event }) => event.output, error: null }) },
        ],
        onError: {
          target: "failed",
          actions: assign({
            error: ({ event }) => failureText(event.error, SHARED_VIEWS_LOAD_FAILED),
            again: false,
          }),
        },
      },
    },
    ready: { on: { "sharedViews.refresh": "loading" } },
    failed: { on: { "sharedViews.refresh": "loading", "sharedViews.retry": "loading" } },
  },
})
