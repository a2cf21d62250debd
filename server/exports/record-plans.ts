import type { ApplicationExport, RequestExport } from "../../src/schema/exports/exports"
import { serviceLabel } from "../../src/schema/marketplace/marketplace"
import type { Db } from "../marketplace/db"
import { orderBy } from "../marketplace/list-query"
import { selectedProviders } from "../marketplace/provider-refs"
import { viewConditions } from "../marketplace/records/record-filter-sql"
import { applicationToWire, requestToWire } from "../marketplace/wire"
import { type KeysetOrder, keysetBatch, nextCursor } from "./keyset"
import { type ExportPlan, exportFilename } from "./plan"

// The three marketplace lists as CSV: the same filters (../marketplace/records/record-filter-sql), the same order (and the same default order) as the
// list's page, every row of the view. Each row goes through the list's own wire mapping, so a cell says what
// the list says.

const REQUEST_ORDER = {
  submitted_at: { column: "submitted_at" },
  decided_at: { column: "decided_at", nullable: true },
  title: { column: "title" },
  urgency: { column: "urgency_rank" },
  budget: { column: "budget_pence", nullable: true },
  status: { column: "status" },
} as const

const APPLICATION_ORDER = {
  submitted_at: { column: "submitted_at" },
  decided_at: { column: "decided_at", nullable: true },
  company_name: { column: "company_name" },
  status: { column: "status" },
} as const

/** As the list: a pending list is a queue (oldest first); a decided list shows the latest decisions first. */
const defaultOrdering = (status: string | undefined): string =>
  status === undefined ? "-submitted_at" : status === "pending" ? "submitted_at" : "-decided_at"

/** The list's order; NULLS LAST is spelt out only where it changes anything (see ../marketplace/list-query). */
const keysetOrder = (
  ordering: string,
  columns: Parameters<typeof orderBy>[1],
): KeysetOrder & { readonly nullsLast: boolean } => orderBy(ordering, columns)

const pence = (value: number | null): string | null => (value === null ? null : (value / 100).toFixed(2))

/** Where a record stands and who decided it: the same columns, in the same order, in every kind's file. */
const DECISION_HEADERS = ["Status", "Submitted", "Decided", "Decided by", "Reason", "Assignee"] as const

export const REQUEST_HEADERS = [
  "Reference",
  "Title",
  "Customer",
  "Address or site",
  "Area",
  "Service",
  "Urgency",
  ...DECISION_HEADERS,
  "Budget (GBP)",
  "Preferred from",
  "Preferred to",
  "Selected providers",
] as const

export function requestPlan(
  db: Db,
  view: RequestExport,
  viewerId: number,
  now: Date,
  overdueAfterSeconds: number,
): ExportPlan {
  const order = keysetOrder(view.ordering ?? defaultOrdering(view.status), REQUEST_ORDER)
  // Checked once, before the first byte: a bad date is a 400, not a broken file.
  const conditions = viewConditions("service_request", view, viewerId, { now, overdueAfterSeconds })
  return {
    filename: exportFilename([`${view.source}-requests`, view.status, view.assignee], now),
    headers: REQUEST_HEADERS,
    batch: async (after, limit) => {
      let query = db.selectFrom("service_request").where("kind", "=", view.source)
      if (view.status !== undefined) query = query.where("status", "=", view.status)
      for (const condition of conditions) query = query.where(condition)
      const rows = await keysetBatch(query.selectAll(), order, after, limit).execute()
      const selected = await selectedProviders(
        db,
        rows.map((r) => r.id),
      )
      return {
        next: nextCursor(rows, limit),
        rows: rows.map((row) => {
          const r = requestToWire(row, selected.get(row.id) ?? [])
          return [
            r.uuid,
            r.title,
            r.customer_name,
            r.kind === "work" ? r.address : r.site,
            r.area,
            serviceLabel(r.service_category),
            r.urgency,
            r.status,
            r.submitted_at,
            r.decided_at,
            r.decided_by?.full_name,
            r.reason,
            r.assignee?.full_name,
            pence(r.budget),
            r.preferred_dates?.[0],
            r.preferred_dates?.[1],
            r.selected_providers.map((p) => p.company_name).join("; "),
          ]
        }),
      }
    },
  }
}

export const APPLICATION_HEADERS = [
  "Reference",
  "Company",
  "Contact",
  "Email",
  "Phone",
  "Registration number",
  "Services",
  "Service area",
  ...DECISION_HEADERS,
] as const

export function applicationPlan(
  db: Db,
  view: ApplicationExport,
  viewerId: number,
  now: Date,
  overdueAfterSeconds: number,
): ExportPlan {
  const order = keysetOrder(view.ordering ?? defaultOrdering(view.status), APPLICATION_ORDER)
  const conditions = viewConditions("company_application", view, viewerId, { now, overdueAfterSeconds })
  return {
    filename: exportFilename(["company-applications", view.status, view.assignee], now),
    headers: APPLICATION_HEADERS,
    batch: async (after, limit) => {
      let query = db.selectFrom("company_application")
      if (view.status !== undefined) query = query.where("status", "=", view.status)
      for (const condition of conditions) query = query.where(condition)
      const rows = await keysetBatch(query.selectAll(), order, after, limit).execute()
      return {
        next: nextCursor(rows, limit),
        rows: rows.map((row) => {
          const a = applicationToWire(row)
          return [
            a.uuid,
            a.company_name,
            a.contact_name,
            a.contact_email,
            a.contact_phone,
            a.registration_number,
            a.services_offered.map(serviceLabel).join("; "),
            a.service_area.join("; "),
            a.status,
            a.submitted_at,
            a.decided_at,
            a.decided_by?.full_name,
            a.reason,
            a.assignee?.full_name,
          ]
        }),
      }
    },
  }
}
