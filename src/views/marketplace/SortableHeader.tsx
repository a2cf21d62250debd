import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react"
import * as css from "./card-table.css"
import { nextOrdering, sortDirection } from "./list-sort"
import * as triage from "./triage.css"

// A column header that sorts its list: a button inside the <th>, whose aria-sort says the current direction
// (screen readers announce it with the column). Any list's column fits, given the field the server sorts by.

export function SortableHeader({
  label,
  field,
  ordering,
  onSort,
}: {
  label: string
  /** The server's `ordering` field for this column. */
  field: string
  ordering: string
  onSort: (ordering: string) => void
}) {
  const direction = sortDirection(ordering, field)
  const Icon = direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown
  return (
    <th className={css.cell} scope="col" aria-sort={direction}>
      <button
        type="button"
        className={triage.sortButton}
        onClick={() => onSort(nextOrdering(ordering, field))}
      >
        {label}
        <Icon size={14} aria-hidden="true" />
      </button>
    </th>
  )
}
