import type { AssigneeFilter, WaitingFilter } from "../../schema/marketplace/marketplace-input"
import {
  AWAITING_PROVIDERS,
  type ListItem,
  type ListPage,
  type ListQuery,
} from "../marketplace/marketplace-types"
import type { ChangeMark, Holder, RemoteChange } from "./remote-change"

// How an open list takes a change made elsewhere, at once and in place (docs/behaviour.md#live-records): the
// row is replaced where it stands, or leaves when it no longer belongs to the list (its status, or who holds it
// on a Mine or Unassigned list, no longer matches the list's filter), unless the user has ticked
// it for a bulk decision, when it stays with its new state. Rows that join the list (a new intake, a reopen)
// and a new order come with the background reload that follows. Pure.

/**
 * Whether a record belongs to a list of `status` (an empty one lists every status; the awaiting-providers
 * queue, approved records nobody accepted).
 */
const hasStatus = (listStatus: string, record: ListItem): boolean =>
  listStatus === ""
    ? true
    : listStatus === AWAITING_PROVIDERS
      ? record.status === "approved" && "providers_state" in record && record.providers_state !== "assigned"
      : listStatus === record.status

/** Whether a record so held belongs to a list of `assignee` (absent or All lists everyone's). */
const hasHolder = (assignee: AssigneeFilter | undefined, holder: Holder): boolean =>
  assignee === "mine"
    ? holder === "me"
    : assignee === "unassigned"
      ? holder === "nobody"
      : assignee === "claimed"
        ? holder !== "nobody"
        : true

/** Whether a record belongs to a list of `waiting` (absent or All lists every record). */
const hasWaiting = (waiting: WaitingFilter | undefined, record: ListItem): boolean =>
  waiting === undefined || waiting === "all"
    ? true
    : ("waiting_since" in record && record.waiting_since != null) === (waiting === "waiting")

/** What of a list's query decides which records it holds. */
export type ListFilter = Pick<ListQuery, "status" | "assignee" | "waiting">

export function applyChange(
  data: ListPage | null,
  filter: ListFilter,
  change: RemoteChange,
  kept: ReadonlyArray<string>,
): ListPage | null {
  if (data === null) return null
  const at = data.results.findIndex((r) => r.uuid === change.uuid)
  if (at < 0) return data
  // Kept only for someone else's change: this user's own decision (in another tab) is meant to take it away.
  const keep = kept.includes(change.uuid) && change.mark !== null
  const fits =
    hasStatus(filter.status, change.record) &&
    hasHolder(filter.assignee, change.holder) &&
    hasWaiting(filter.waiting, change.record)
  if (fits || keep) return { ...data, results: data.results.with(at, change.record) }
  return { ...data, count: Math.max(0, data.count - 1), results: data.results.toSpliced(at, 1) }
}

/**
 * A page loaded again in the background: the rows the user ticked and that changed elsewhere (marked) stay
 * where they were, although the list no longer has them, so that the selection in progress is not taken away.
 */
export function keepTicked(
  before: ListPage | null,
  fetched: ListPage,
  kept: ReadonlyArray<string>,
  marks: Readonly<Record<string, ChangeMark>>,
): ListPage {
  if (before === null) return fetched
  let results = fetched.results
  before.results.forEach((row, index) => {
    if (!kept.includes(row.uuid) || marks[row.uuid] === undefined) return
    if (results.some((r) => r.uuid === row.uuid)) return
    results = results.toSpliced(Math.min(index, results.length), 0, row)
  })
  return results === fetched.results ? fetched : { ...fetched, results }
}

export function withMark(
  marks: Readonly<Record<string, ChangeMark>>,
  change: RemoteChange,
): Readonly<Record<string, ChangeMark>> {
  if (change.mark === null) {
    if (marks[change.uuid] === undefined) return marks
    const { [change.uuid]: _gone, ...rest } = marks
    return rest
  }
  return { ...marks, [change.uuid]: change.mark }
}
