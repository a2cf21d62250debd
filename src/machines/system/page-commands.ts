import type { Assignee, AuditAction } from "../../schema/marketplace/marketplace"
import type { ListSource, RecordDetail } from "../marketplace/marketplace-types"
import type { InboxPageEvent } from "../notifications/inbox-page.machine"

// The commands to open pages that several rows of the subscriptions table send (rest-subscriptions.ts), named
// once.

/** A command for every open notifications page. */
export const toInbox = (event: InboxPageEvent) => ({ type: "session.toPages", page: "inbox", event }) as const

/** A claim made here or anywhere: the open detail pages and lists show the new assignee. */
export const toClaimPages = (
  source: ListSource,
  uuid: string,
  assignee: Assignee | null,
  record?: RecordDetail,
) =>
  [
    {
      type: "session.toPages",
      page: "review",
      event: { type: "review.assigned", uuid, assignee, ...(record ? { record } : {}) },
    },
    { type: "session.toPages", page: "pagedList", event: { type: "list.assigned", source, uuid, assignee } },
    toDayPlan,
  ] as const

export const toUserSettings = {
  type: "session.toPages",
  page: "userSettings",
  event: { type: "userSettings.reload" },
} as const

/** A record changed: an open /reports page loads its figures again. */
export const toReports = {
  type: "session.toPages",
  page: "reports",
  event: { type: "reports.refresh" },
} as const

/** A record changed, was claimed or changed course: the dashboard's open plan of the day loads again. */
export const toDayPlan = {
  type: "session.toPages",
  page: "dayPlan",
  event: { type: "plan.reload" },
} as const

/** The connection is back: each open page whose load failed while it was gone loads again (only if it failed). */
export const RETRY_FAILED_PAGES = [
  { type: "session.toPages", page: "pagedList", event: { type: "list.retry" } },
  { type: "session.toPages", page: "review", event: { type: "review.retry" } },
  { type: "session.toPages", page: "selectProviders", event: { type: "select.retry" } },
  toInbox({ type: "inbox.retry" }),
  { type: "session.toPages", page: "documents", event: { type: "documents.retry" } },
  { type: "session.toPages", page: "reports", event: { type: "reports.retry" } },
  { type: "session.toPages", page: "savedViews", event: { type: "views.retry" } },
  { type: "session.toPages", page: "dayPlan", event: { type: "plan.retry" } },
  { type: "session.toPages", page: "notes", event: { type: "notes.retry" } },
] as const

/** The stream cannot cover what is shown: every open page that shows records loads them again. */
export const RELOAD_SHOWN_PAGES = [
  { type: "session.toPages", page: "pagedList", event: { type: "list.refresh" } },
  { type: "session.toPages", page: "review", event: { type: "review.refresh" } },
  toReports,
  toDayPlan,
  { type: "session.toPages", page: "staff", event: { type: "staff.reload" } },
  { type: "session.toPages", page: "documents", event: { type: "documents.refresh" } },
  { type: "session.toPages", page: "notes", event: { type: "notes.refresh" } },
] as const

/** A record's change that one of its open pages follows: documents sent (its documents), a note (its thread). */
export const followersOfChange = (action: AuditAction | undefined, uuid: string) =>
  action === "documents_received"
    ? ([
        { type: "session.toPages", page: "documents", event: { type: "documents.recordChanged", uuid } },
      ] as const)
    : action === "note_added"
      ? ([{ type: "session.toPages", page: "notes", event: { type: "notes.recordChanged", uuid } }] as const)
      : ([] as const)
