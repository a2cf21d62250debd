import type { AccountStatus, StaffQuery } from "../../schema/accounts/staff"
import { STAFF_CATEGORIES } from "../../schema/accounts/staff"
import { categoryLabel } from "../profile/category-label"
import * as ui from "../shared/ui.css"
import * as css from "./staff.css"
import { STAFF_WORDS, STATUS_LABEL } from "./staff-words"

const STATUSES: ReadonlyArray<AccountStatus> = ["invited", "active", "deactivated"]

/** The search box and the status and category filters; each change replaces the page's URL. */
export function StaffFilters({ query, onChange }: { query: StaffQuery; onChange: (q: StaffQuery) => void }) {
  const without = <K extends keyof StaffQuery>(key: K): StaffQuery => {
    const { [key]: _, ...rest } = query
    return rest
  }
  return (
    <search aria-label="Filter staff" className={css.filters}>
      <label className={css.searchFilter}>
        <span>{STAFF_WORDS.searchLabel}</span>
        <input
          className={ui.input}
          type="search"
          maxLength={254}
          value={query.search ?? ""}
          onChange={(e) =>
            onChange(e.target.value === "" ? without("search") : { ...query, search: e.target.value })
          }
        />
      </label>
      <label className={css.filter}>
        <span>Status</span>
        <select
          className={ui.input}
          value={query.status ?? ""}
          onChange={(e) => {
            const status = STATUSES.find((s) => s === e.target.value)
            onChange(status ? { ...query, status } : without("status"))
          }}
        >
          <option value="">Any status</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <label className={css.filter}>
        <span>Category</span>
        <select
          className={ui.input}
          value={query.category ?? ""}
          onChange={(e) =>
            onChange(e.target.value === "" ? without("category") : { ...query, category: e.target.value })
          }
        >
          <option value="">Any category</option>
          {STAFF_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </select>
      </label>
    </search>
  )
}
