import type { AssigneeFilter } from "../../schema/marketplace/marketplace-input"
import * as ui from "../shared/ui.css"

// Mine / Unassigned / Claimed by anyone / All: whose records a list shows, kept in the URL (docs/behaviour.md#claims).

const OPTIONS: ReadonlyArray<readonly [AssigneeFilter, string]> = [
  ["all", "All"],
  ["mine", "Mine"],
  ["unassigned", "Unassigned"],
  ["claimed", "Claimed by anyone"],
]

export function AssigneeFilterSelect({
  value,
  onChange,
}: {
  value: AssigneeFilter
  onChange: (value: AssigneeFilter) => void
}) {
  return (
    <label className={ui.field} style={{ marginBottom: 0 }}>
      <span>Assigned</span>
      <select
        className={ui.input}
        value={value}
        onChange={(e) => {
          const chosen = OPTIONS.find(([v]) => v === e.target.value)
          if (chosen) onChange(chosen[0])
        }}
      >
        {OPTIONS.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
    </label>
  )
}
