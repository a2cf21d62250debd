import { assign, fromPromise, setup } from "xstate"
import { FINDING } from "../../constants"
import type { SearchResult } from "../../schema/shell/search"
import { failureText } from "../../schema/system/failure-text"

// The command palette (docs/behaviour.md#command-palette): Ctrl/Cmd+K opens it with its search field focused;
// what is typed finds pages at once (the view filters the menu's links) and records through the server once
// the keys stop. The active option moves with the arrow keys over everything listed, pages first.

export const PALETTE_SEARCH_FAILED = "Records could not be searched. Pages are still listed."

export interface PaletteContext {
  readonly query: string
  readonly results: ReadonlyArray<SearchResult>
  /** The option the arrow keys point at, among `count` listed (pages and records); -1: none listed. */
  readonly active: number
  readonly error: string | null
}

export type PaletteEvent =
  /** With `query`: the text typed elsewhere (the sidebar's search) carries over. */
  | { type: "palette.open"; query?: string }
  | { type: "palette.close" }
  | { type: "palette.type"; query: string }
  /** An arrow key: `count` is how many options are listed now (the view's pages and the records). */
  | { type: "palette.move"; by: 1 | -1; count: number }
  | { type: "palette.point"; index: number }
  | { type: "palette.retry" }

/** Provided for real in src/effects; tests replace it. */
const searchRecords = fromPromise<ReadonlyArray<SearchResult>, { q: string }>(() =>
  Promise.reject(new Error("searchRecords not provided")),
)

const worthAsking = (query: string): boolean => query.trim().length >= FINDING.paletteMinQueryLength

export const paletteMachine = setup({
  types: { context: {} as PaletteContext, events: {} as PaletteEvent },
  actors: { searchRecords },
  delays: { paletteDebounce: FINDING.paletteDebounceMs },
  guards: {
    worthAsking: ({ context }) => worthAsking(context.query),
  },
  actions: {
    takeQuery: assign({
      query: ({ context, event }) =>
        event.type === "palette.type" || event.type === "palette.open" ? (event.query ?? "") : context.query,
      // A new text lists new options: the first is active again, and an old failure no longer applies.
      active: 0,
      error: null,
    }),
    clearResults: assign({ results: [], error: null }),
    // Down from the last wraps to the first and up from the first to the last, as in a menu.
    move: assign({
      active: ({ context, event }) => {
        if (event.type !== "palette.move" || event.count <= 0) return -1
        const from = context.active < 0 ? (event.by === 1 ? -1 : 0) : context.active
        return (from + event.by + event.count) % event.count
      },
    }),
    point: assign({
      active: ({ context, event }) => (event.type === "palette.point" ? event.index : context.active),
    }),
  },
}).createMachine({
  id: "palette",
  context: { query: "", results: [], active: 0, error: null },
  initial: "closed",
  states: {
    closed: {
      on: { "palette.open": { target: "open", actions: ["takeQuery", "clearResults"] } },
    },
    open: {
      initial: "deciding",
      on: {
        "palette.close": { target: "closed", actions: "clearResults" },
        "palette.type": { target: ".deciding", reenter: true, actions: "takeQuery" },
        "palette.move": { actions: "move" },
        "palette.point": { actions: "point" },
      },
      states: {
        // One letter would match nearly every record: records wait for a little more text.
        deciding: {
          always: [
            { guard: "worthAsking", target: "waiting" },
            { target: "idle", actions: "clearResults" },
          ],
        },
        idle: {},
        waiting: { after: { paletteDebounce: "searching" } },
        searching: {
          entry: assign({ error: null }),
          invoke: {
            id: "searchRecords",
            src: "searchRecords",
            input: ({ context }) => ({ q: context.query.trim() }),
            onDone: {
              target: "found",
              actions: assign({ results: ({ event }) => event.output, error: null }),
            },
            onError: {
              target: "failed",
              actions: assign({
                results: [],
                error: ({ event }) => failureText(event.error, PALETTE_SEARCH_FAILED),
              }),
            },
          },
        },
        found: {},
        failed: { on: { "palette.retry": "searching" } },
      },
    },
  },
})
