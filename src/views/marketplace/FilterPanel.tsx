import { useId, useState } from "react"
import {
  type ListFilters,
  MULTI_FILTERS,
  type MultiFilter,
} from "../../machines/marketplace/list-filter-params"
import {
  activeFilterCount,
  DUE_NAMES,
  FILTER_NAMES,
  filterValueLabel,
} from "../../machines/marketplace/list-filters"
import type { ListSource } from "../../machines/marketplace/marketplace-types"
import type { Facets } from "../../schema/marketplace/facets"
import { URGENCY_ORDER } from "../../schema/marketplace/marketplace"
import * as ui from "../shared/ui.css"
import * as css from "./filters.css"

// A list's filters (docs/behaviour.md#filters) behind one button, so that on a phone the first record shows
// in the first screen; the filters set stay in view as chips, each removed with a click, all with one. Each
// option carries its count from the list's answer; a value chosen but no longer counted shows 0.

interface Props {
  readonly source: ListSource
  readonly filters: ListFilters | undefined
  readonly facets: Facets | undefined
  /** Filters the address held that the list does not know: said here, the rest applied. */
  readonly ignored: ReadonlyArray<string>
  readonly onChange: (filters: ListFilters) => void
}

/** The values a filter offers: the counted ones, in the list's order (urgency most urgent first). */
function optionsOf(filter: MultiFilter, facets: Facets | undefined, chosen: ReadonlyArray<string>) {
  const counted = new Map((facets?.[filter] ?? []).map((f) => [f.value, f.count]))
  const values =
    filter === "urgency" ? [...URGENCY_ORDER].reverse() : [...new Set([...counted.keys(), ...chosen])]
  return values.map((value) => ({ value, count: counted.get(value) ?? 0 }))
}

export function FilterPanel({ source, filters, facets, ignored, onChange }: Props) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const active = activeFilterCount(filters)
  const shown = MULTI_FILTERS.filter((f) => f !== "urgency" || source !== "application")
  const toggle = (filter: MultiFilter, value: string, on: boolean) => {
    const now = filters?.[filter] ?? []
    onChange({ ...filters, [filter]: on ? [...now, value] : now.filter((v) => v !== value) })
  }
  const setDay = (name: "submitted_from" | "submitted_to", value: string) => {
    const { [name]: _old, ...rest } = filters ?? {}
    onChange(value === "" ? rest : { ...rest, [name]: value })
  }
  const setDue = (due: "today" | "overdue" | null) => {
    const { due: _old, ...rest } = filters ?? {}
    onChange(due === null ? rest : { ...rest, due })
  }
  const dueCount = (value: "today" | "overdue") => facets?.due?.find((f) => f.value === value)?.count ?? 0
  const chips = [
    ...shown.flatMap((f) =>
      (filters?.[f] ?? []).map((v) => ({
        key: `${f}:${v}`,
        label: `${FILTER_NAMES[f]}: ${filterValueLabel(f, v)}`,
        remove: () => toggle(f, v, false),
      })),
    ),
    ...(["submitted_from", "submitted_to"] as const).flatMap((d) =>
      filters?.[d]
        ? [{ key: d, label: `${FILTER_NAMES[d]}: ${filters[d]}`, remove: () => setDay(d, "") }]
        : [],
    ),
    ...(filters?.due ? [{ key: "due", label: DUE_NAMES[filters.due], remove: () => setDue(null) }] : []),
  ]

  return (
    <div>
      <div className={css.bar}>
        <button
          type="button"
          className={ui.button.secondary}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {active > 0 ? `Filters (${active})` : "Filters"}
        </button>
        {chips.map((chip) => (
          <button
            key={chip.key}
            type="button"
            className={css.chip}
            aria-label={`Remove filter ${chip.label}`}
            onClick={chip.remove}
          >
            {chip.label} <span aria-hidden="true">×</span>
          </button>
        ))}
        {active > 0 ? (
          <button type="button" className={ui.button.ghost} onClick={() => onChange({})}>
            Clear filters
          </button>
        ) : null}
      </div>
      {ignored.length > 0 ? (
        <ul className={css.notes} role="status">
          {ignored.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {/* Its fields are built as it opens: closed, they are hidden, and building them (a checkbox per counted
          value, two date fields) was a good part of a list's first render on a slow phone. */}
      <div id={panelId} className={css.panel} hidden={!open}>
        {open ? (
          <>
            {shown.map((filter) => {
              const chosen = filters?.[filter] ?? []
              return (
                <fieldset key={filter} className={css.group}>
                  <legend className={css.legend}>{FILTER_NAMES[filter]}</legend>
                  <div className={css.options}>
                    {optionsOf(filter, facets, chosen).map(({ value, count }) => (
                      <label key={value} className={css.option}>
                        <input
                          type="checkbox"
                          checked={chosen.includes(value)}
                          onChange={(e) => toggle(filter, value, e.target.checked)}
                        />
                        <span>{filterValueLabel(filter, value)}</span>
                        <span className={css.optionCount}>{count}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              )
            })}
            <fieldset className={css.group}>
              <legend className={css.legend}>{DUE_NAMES.filter}</legend>
              <div className={css.options}>
                {([null, "today", "overdue"] as const).map((value) => (
                  <label key={value ?? "any"} className={css.option}>
                    <input
                      type="radio"
                      name={`${panelId}-due`}
                      checked={(filters?.due ?? null) === value}
                      onChange={() => setDue(value)}
                    />
                    <span>{value === null ? "Any" : DUE_NAMES[value]}</span>
                    {value === null ? null : <span className={css.optionCount}>{dueCount(value)}</span>}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className={css.group}>
              <legend className={css.legend}>Submitted</legend>
              {(["submitted_from", "submitted_to"] as const).map((name) => (
                <label key={name} className={ui.field}>
                  <span>{name === "submitted_from" ? "From" : "To"}</span>
                  <input
                    className={ui.input}
                    type="date"
                    value={filters?.[name] ?? ""}
                    onChange={(e) => setDay(name, e.target.value)}
                  />
                </label>
              ))}
            </fieldset>
          </>
        ) : null}
      </div>
    </div>
  )
}
