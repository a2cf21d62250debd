import type {
  CompanyApplication,
  CompanyApplicationDetail,
  MaintenanceRequest,
  MaintenanceRequestDetail,
  RequestKind,
  WorkRequest,
  WorkRequestDetail,
} from "../../../src/schema/marketplace/marketplace"
import type { RecordSource } from "../../../src/schema/system/app-routes"
import { applicationChecklist, checkRequiredDocuments } from "../../documents/checklist"
import { priorityOfUrgency } from "../announce"
import { auditTrail } from "../audit"
import { APPLICATION_KIND, REQUEST_KINDS } from "../kinds"
import { activateProviderFor, deactivateProviderFor } from "../provider-from-application"
import { releaseProviders } from "../release-providers"
import { type ApplicationRow, applicationToWire, type RequestRow } from "../wire"
import type { RecordKindEntry } from "./record-kind"
import { moveApplication, moveRequest } from "./record-move"
import { inIdOrder } from "./record-rows"
import { REQUEST_COLUMNS } from "./request-columns"
import { requestDetail } from "./request-detail"
import { requestItemsById } from "./request-items"

// Every record kind, one entry each: a new kind is a new entry here (and its table, wire shapes and routes),
// not a new copy of the list, transition and claim code.

export type ApplicationEntry = RecordKindEntry<ApplicationRow, CompanyApplication, CompanyApplicationDetail>
export type RequestEntry = RecordKindEntry<
  RequestRow,
  WorkRequest | MaintenanceRequest,
  WorkRequestDetail | MaintenanceRequestDetail
>

/** What a reopen makes of the open offers. */
export const REOPENED_REASON = "The request was reopened."

const quote = (s: string, max = 200): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s)

/** The orderings every kind offers; a kind adds its own columns. */
const SHARED_ORDERING = {
  submitted_at: { column: "submitted_at" },
  decided_at: { column: "decided_at", nullable: true },
  status: { column: "status" },
} as const

const application: ApplicationEntry = {
  ...APPLICATION_KIND,
  source: "application",
  table: "company_application",
  requestKind: null,
  orderColumns: { ...SHARED_ORDERING, company_name: { column: "company_name" } },
  decided: "accepted",
  move: moveApplication,
  rowsById: (db, ids) => db.selectFrom("company_application").selectAll().where("id", "in", ids).execute(),
  itemsById: async (db, ids) =>
    ids.length === 0 ? [] : inIdOrder(ids, await application.rowsById(db, ids)).map(applicationToWire),
  detail: async (db, row, now) => {
    const [provider, audit, checklist] = await Promise.all([
      db
        .selectFrom("provider")
        .select(["uuid", "company_name"])
        .where("application_id", "=", row.id)
        .executeTakeFirst(),
      auditTrail(db, row.uuid),
      applicationChecklist(db, row, now),
    ])
    return { ...applicationToWire(row), provider: provider ?? null, checklist, audit }
  },
  titleOf: (row) => row.company_name,
  checkDecided: (tx, row, now, overrideReason) => checkRequiredDocuments(tx, row, now, overrideReason),
  // An accepted application becomes (or becomes again) a provider.
  onDecided: async (tx, row, now) =>
    row.status === "accepted" ? { provider: await activateProviderFor(tx, row, now) } : {},
  // Reopening an accepted application withdraws its provider from the candidates.
  onReopened: async (tx, row, was) => {
    const provider = was === "accepted" ? await deactivateProviderFor(tx, row.id) : null
    return provider === null ? {} : { provider }
  },
  decidedNotice: (row, actorName, reason) => ({
    message:
      reason === null
        ? `${actorName} accepted ${row.company_name}; it is now a provider for ${row.service_area.join(", ")}.`
        : `${actorName} rejected ${row.company_name}: ${quote(reason)}`,
    type: "company_update",
    priority: "medium",
  }),
  reopenedMessage: (row, actorName, was) =>
    `${actorName} reopened ${row.company_name} (was ${was}); it is back in the pending queue.`,
}

const request = (kind: RequestKind): RequestEntry => ({
  ...REQUEST_KINDS[kind],
  source: kind,
  table: "service_request",
  requestKind: kind,
  orderColumns: {
    ...SHARED_ORDERING,
    title: { column: "title" },
    urgency: { column: "urgency_rank" },
    budget: { column: "budget_pence", nullable: true },
  },
  decided: "approved",
  rowsById: (db, ids) =>
    db.selectFrom("service_request").select(REQUEST_COLUMNS).where("id", "in", ids).execute(),
  itemsById: requestItemsById,
  move: (tx, uuid, move) => moveRequest(tx, kind, uuid, move),
  detail: (db, row) => requestDetail(db, row),
  titleOf: (row) => row.title,
  checkDecided: async () => ({}),
  onDecided: async () => ({}),
  // A reopened request forgets the providers chosen for it (the move clears its columns), who lose the job
  // from their load; its open offers are withdrawn and whoever had accepted it no longer holds it.
  onReopened: async (tx, row, _was, now) => {
    const released = await releaseProviders(tx, row.id, { at: now, reason: REOPENED_REASON })
    return released.length > 0 ? { released_providers: released } : {}
  },
  decidedNotice: (row, actorName, reason) =>
    reason === null
      ? {
          message: `${actorName} approved "${row.title}" (${row.area}). Providers can now be chosen.`,
          type: "approval",
          priority: priorityOfUrgency(row.urgency),
        }
      : {
          message: `${actorName} rejected "${row.title}" (${row.area}): ${quote(reason)}`,
          type: "approval",
          priority: "low",
        },
  reopenedMessage: (row, actorName, was) =>
    `${actorName} reopened "${row.title}" (was ${was}); it is back in the pending queue.`,
})

export const RECORD_KINDS = {
  application,
  work: request("work"),
  maintenance: request("maintenance"),
} as const satisfies Readonly<Record<RecordSource, ApplicationEntry | RequestEntry>>
