import { heldFact } from "../live/held-position"
import { applyChange, keepTicked, withMark } from "../live/live-list"
import type { RemoteChange } from "../live/remote-change"
import type { LiveFact } from "../system/facts"
import type { ListPage } from "./marketplace-types"
import type { PagedListContext } from "./paged-list.machine"

// How a shown list takes changes made elsewhere (docs/behaviour.md#live-records): the change is applied in
// place at once, then the page loads again behind the rows shown (`refreshing`). Apart from the list's own
// moves (page, search, order, filters) so that each file holds one idea; the machine wires these in.

/**
 * The keyboard's row after the rows changed (a reload, a change made elsewhere): it stays where it was, so the
 * next record slides under it, unless the list got shorter.
 */
export const clampCursor = (cursor: number | null, rows: number): number | null =>
  cursor === null || rows === 0 ? null : Math.min(cursor, rows - 1)

/** A change made elsewhere, applied to the rows shown and marked on its row. */
export function remoteApplied(context: PagedListContext, change: RemoteChange): Partial<PagedListContext> {
  const data = applyChange(context.data, context.query, change, context.kept)
  return {
    data,
    marks: withMark(context.marks, change),
    cursor: clampCursor(context.cursor, data?.results.length ?? 0),
  }
}

/** A page loaded in the background, keeping the ticked rows that changed elsewhere. */
export function fetchedKept(context: PagedListContext, page: ListPage): Partial<PagedListContext> {
  const data = keepTicked(context.data, page, context.kept, context.marks)
  return { data, stale: false, cursor: clampCursor(context.cursor, data.results.length) }
}

/** Empty once the ticked rows that changed elsewhere are kept. */
export const isEmptyKept = (context: PagedListContext, page: ListPage): boolean =>
  keepTicked(context.data, page, context.kept, context.marks).results.length === 0

/** The page as loaded reflects a live position: the socket resumes from it (docs/behaviour.md#catching-up). */
export const heldOf = (context: PagedListContext): LiveFact | null =>
  context.data ? heldFact(context.data) : null

/** Where a settled list (ready or empty) takes changes made elsewhere. */
export const LIVE_WHEN_SETTLED = {
  "list.remoteChanged": { guard: "isOwnChange", target: "#pagedList.refreshing", actions: "applyRemote" },
  "list.refresh": { target: "#pagedList.refreshing" },
} as const

/** While a load or a search is under way: applied, and the load that follows is marked stale. */
export const LIVE_WHEN_BUSY = {
  "list.remoteChanged": { guard: "isOwnChange", actions: ["applyRemote", "markStale"] },
  "list.refresh": { actions: "markStale" },
} as const

const output = ({ event }: { readonly event: { readonly output: ListPage } }) => event.output

// Loading again behind the rows shown: the table stays, and so do focus, scroll and the ticked rows. A
// failure keeps what is shown (the next change or reconnection tries again).
export const REFRESHING = {
  on: LIVE_WHEN_BUSY,
  invoke: {
    id: "refetchPage",
    src: "fetchPage",
    input: ({ context }: { readonly context: PagedListContext }) => ({
      source: context.source,
      query: context.query,
    }),
    onDone: [
      // Changes keep coming (a burst): one more load after this one, not one per change.
      {
        guard: "isStale",
        target: "refreshing",
        reenter: true,
        actions: [{ type: "takeFetched", params: output }, "announceHeld"],
      },
      {
        guard: { type: "isEmptyKept", params: output },
        target: "empty",
        actions: [{ type: "takeFetched", params: output }, "announceHeld"],
      },
      { target: "ready", actions: [{ type: "takeFetched", params: output }, "announceHeld"] },
    ],
    onError: [
      { guard: "hasNoRows", target: "empty", actions: "clearStale" },
      { target: "ready", actions: "clearStale" },
    ],
  },
} as const
