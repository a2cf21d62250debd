import { joinFilterList } from "../../schema/marketplace/filter-list"
import type { ListQuery, ListSource } from "../marketplace/marketplace-types"
import type { InboxQuery } from "../notifications/inbox-query"

// What an export names: the source and the view's parameters as text, the list's own names and values
// (decoded against the API's ExportRequest when sent, as the list's query is). Paging is left out: an export
// is every page.

export interface ExportView {
  readonly source: ListSource | "notifications" | "audit"
  readonly params: Readonly<Record<string, string>>
}

/** The list on screen as an export: its status, search, assignee, filters and order, none at its default. */
export function listExportView(source: ListSource, query: ListQuery): ExportView {
  const params: Record<string, string> = {}
  if (query.status !== "" && query.status !== "all") params.status = query.status
  if (query.search.trim() !== "") params.search = query.search.trim()
  if (query.ordering !== "") params.ordering = query.ordering
  if (query.assignee !== undefined && query.assignee !== "all") params.assignee = query.assignee
  // The filters as the list sends them (list-filter-params.ts), written out here: importing that module
  // would put one more chunk before the dashboard's first paint, which exports the audit trail.
  for (const [name, value] of Object.entries(query.filters ?? {})) {
    const text = typeof value === "string" ? value : joinFilterList(value)
    if (text !== "") params[name] = text
  }
  return { source, params }
}

/** The notifications page as an export: the inbox or the archive, with its filters. */
export function inboxExportView(query: InboxQuery): ExportView {
  const params: Record<string, string> = { ...query.filters }
  if (query.view === "archived") params.archived = "true"
  return { source: "notifications", params }
}

/** The audit trail: every record's, or one record's. */
export const auditExportView = (record?: string): ExportView => ({
  source: "audit",
  params: record === undefined ? {} : { record },
})
