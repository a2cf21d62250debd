import { joinFilterList } from "../../schema/marketplace/filter-list"
import type { ListQuery, ListSource } from "../marketplace/marketplace-types"
import type { ExportView } from "./export-view"

/** The list on screen as an export: its status, search, assignee, filters and order, none at its default. */
export function listExportView(source: ListSource, query: ListQuery): ExportView {
  const params: Record<string, string> = {}
  if (query.status !== "" && query.status !== "all") params.status = query.status
  if (query.search.trim() !== "") params.search = query.search.trim()
  if (query.ordering !== "") params.ordering = query.ordering
  if (query.assignee !== undefined && query.assignee !== "all") params.assignee = query.assignee
  // The filters as the list sends them (list-filter-params.ts), each list of values joined the same way.
  for (const [name, value] of Object.entries(query.filters ?? {})) {
    const text = typeof value === "string" ? value : joinFilterList(value)
    if (text !== "") params[name] = text
  }
  return { source, params }
}
