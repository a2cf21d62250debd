import type { ListSource } from "../marketplace/marketplace-types"

// What an export names: the source and the view's parameters as text, the list's own names and values
// (decoded against the API's ExportRequest when sent, as the list's query is). Paging is left out: an export
// is every page. The lists' and the inbox's views are written by ./list-export-view.ts and
// ./inbox-export-view.ts, in their pages' chunks: the dashboard, which exports the audit trail, needs neither
// before its first paint.

export interface ExportView {
  readonly source: ListSource | "notifications" | "audit"
  readonly params: Readonly<Record<string, string>>
}

/** The audit trail: every record's, or one record's. */
export const auditExportView = (record?: string): ExportView => ({
  source: "audit",
  params: record === undefined ? {} : { record },
})
