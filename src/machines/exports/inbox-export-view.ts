import type { InboxQuery } from "../notifications/inbox-query"
import type { ExportView } from "./export-view"

/** The notifications page as an export: the inbox or the archive, with its filters. */
export function inboxExportView(query: InboxQuery): ExportView {
  const params: Record<string, string> = { ...query.filters }
  if (query.view === "archived") params.archived = "true"
  return { source: "notifications", params }
}
