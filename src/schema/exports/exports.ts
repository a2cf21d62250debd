import { Schema } from "effect"
import { Uuid } from "../marketplace/marketplace"
import { ApplicationListQuery, RequestListQuery } from "../marketplace/marketplace-input"
import { NotificationListQuery } from "../notifications/notifications"

// What can be exported as CSV and with which parameters: a list's own parameters (the same names and values
// as its page), without the paging, since an export is every page of the view in the view's order.

const {
  page: _requestPage,
  page_size: _requestPageSize,
  facets: _requestFacets,
  ...requestView
} = RequestListQuery.fields
const {
  page: _applicationPage,
  page_size: _applicationPageSize,
  facets: _applicationFacets,
  ...applicationView
} = ApplicationListQuery.fields
const {
  page: _inboxPage,
  page_size: _inboxPageSize,
  since_id: _inboxSince,
  ...inboxView
} = NotificationListQuery.fields

export const RequestExport = Schema.Struct({
  source: Schema.Literals(["work", "maintenance"]),
  ...requestView,
})
export const ApplicationExport = Schema.Struct({ source: Schema.Literal("application"), ...applicationView })
export const InboxExport = Schema.Struct({ source: Schema.Literal("notifications"), ...inboxView })
/** The audit trail: every record's, newest first, or one record's. */
export const AuditExport = Schema.Struct({
  source: Schema.Literal("audit"),
  record: Schema.optionalKey(Uuid),
})

export const ExportRequest = Schema.Union([RequestExport, ApplicationExport, InboxExport, AuditExport])
export type ExportRequest = typeof ExportRequest.Type
export type ExportSource = ExportRequest["source"]

/** A one-use download address, valid for a minute: the browser opens it as a plain download. */
export const ExportLink = Schema.Struct({
  url: Schema.String,
  expires_at: Schema.String,
  filename: Schema.String,
})
export type ExportLink = typeof ExportLink.Type

export const ExportDownloadQuery = Schema.Struct({ token: Schema.optionalKey(Schema.String) })

/** The CSV file itself (text/csv; UTF-8 with a byte-order mark; RFC 4180). */
export const CsvText = Schema.String.annotate({
  description:
    "text/csv; charset=utf-8: a byte-order mark, a header row, then one row per record (RFC 4180).",
})
export type RequestExport = typeof RequestExport.Type
export type ApplicationExport = typeof ApplicationExport.Type
export type InboxExport = typeof InboxExport.Type
export type AuditExport = typeof AuditExport.Type
