import type { WaitingFilter } from "../../schema/marketplace/marketplace-input"
import * as ui from "../shared/ui.css"

// Applications waiting for their applicant, in or out of the pending list, kept in the URL
// (docs/behaviour.md#documents).

const OPTIONS: ReadonlyArray<readonly [WaitingFilter, string]> = [
  ["all", "All"],
  ["waiting", "Waiting for the applicant"],
  ["not_waiting", "Not waiting"],
]

export function WaitingFilterSelect({
  value,
  onChange,
}: {
  value: WaitingFilter
  onChange: (value: WaitingFilter) => void
}) {
  return (
    <label className={ui.field} style={{ marginBottom: 0 }}>
      <span>Applicant</span>
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
