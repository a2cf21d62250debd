import type { CandidateFilter } from "../../machines/marketplace/candidate-filter"
import { SERVICE_CATEGORIES, serviceLabel } from "../../schema/marketplace/marketplace"
import * as ui from "../shared/ui.css"
import * as css from "./candidate-score.css"
import { DISTANCE_CHOICES } from "./candidate-words"

// The shortlist's narrowing: text, service, maximum distance and spare capacity. Each change sends the whole
// filter; the machine keeps it (src/machines/marketplace/select-providers.machine.ts).

export function CandidateFilters({
  filter,
  onChange,
}: {
  filter: CandidateFilter
  onChange: (next: CandidateFilter) => void
}) {
  return (
    <>
      <label className={ui.field} style={{ marginBottom: 0 }}>
        <span>Search providers</span>
        <input
          className={ui.input}
          type="search"
          value={filter.search}
          onChange={(e) => onChange({ ...filter, search: e.target.value })}
        />
      </label>
      <label className={ui.field} style={{ marginBottom: 0 }}>
        <span>Service</span>
        <select
          className={ui.input}
          value={filter.service}
          onChange={(e) => onChange({ ...filter, service: e.target.value })}
        >
          <option value="">Any service</option>
          {SERVICE_CATEGORIES.map((s) => (
            <option key={s} value={s}>
              {serviceLabel(s)}
            </option>
          ))}
        </select>
      </label>
      <label className={ui.field} style={{ marginBottom: 0 }}>
        <span>Maximum distance</span>
        <select
          className={ui.input}
          value={filter.maxKm === null ? "" : String(filter.maxKm)}
          onChange={(e) =>
            onChange({ ...filter, maxKm: e.target.value === "" ? null : Number(e.target.value) })
          }
        >
          <option value="">Any distance</option>
          {DISTANCE_CHOICES.map((km) => (
            <option key={km} value={km}>
              Within {km} km
            </option>
          ))}
        </select>
      </label>
      <label className={css.filterCheck}>
        <input
          type="checkbox"
          checked={filter.hasCapacity}
          onChange={(e) => onChange({ ...filter, hasCapacity: e.target.checked })}
        />
        <span>Has capacity</span>
      </label>
    </>
  )
}
