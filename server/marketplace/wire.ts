import type { Selectable } from "kysely"
import type {
  Actor,
  Assignee,
  AuditEntry,
  CompanyApplication,
  MaintenanceRequest,
  Offer,
  Provider,
  ProviderRef,
  ProvidersState,
  WorkRequest,
} from "../../src/schema/marketplace/marketplace"
import type {
  CompanyApplicationTable,
  MarketplaceAuditTable,
  ProviderOfferTable,
  ProviderTable,
  ServiceRequestTable,
} from "./tables"
import { iso, isoOrNull } from "./text"

// Rows to wire objects. The only place that knows both the column names and the field names.

export type ApplicationRow = Selectable<CompanyApplicationTable>
export type RequestRow = Selectable<ServiceRequestTable>
export type ProviderRow = Selectable<ProviderTable>
export type AuditRow = Selectable<MarketplaceAuditTable>
export type OfferRow = Selectable<ProviderOfferTable>

/** The claim columns of either table; all three are set together or none. */
export interface ClaimColumns {
  readonly assignee_user_id: number | null
  readonly assignee_name: string | null
  readonly assigned_at: Date | null
}

export const assigneeOf = (row: ClaimColumns): Assignee | null =>
  row.assignee_user_id === null || row.assignee_name === null || row.assigned_at === null
    ? null
    : { id: row.assignee_user_id, full_name: row.assignee_name, assigned_at: iso(row.assigned_at) }

const actor = (id: number | null, name: string | null): Actor | null =>
  name === null ? null : { id, full_name: name }

export const applicationToWire = (row: ApplicationRow): CompanyApplication => ({
  uuid: row.uuid,
  company_name: row.company_name,
  contact_name: row.contact_name,
  contact_email: row.contact_email,
  contact_phone: row.contact_phone,
  services_offered: row.services_offered,
  service_area: row.service_area,
  registration_number: row.registration_number,
  documents: row.documents,
  submitted_at: iso(row.submitted_at),
  status: row.status,
  decided_at: isoOrNull(row.decided_at),
  decided_by: actor(row.decided_by_user_id, row.decided_by_name),
  reason: row.reason,
  assignee: assigneeOf(row),
  waiting_since: isoOrNull(row.waiting_since),
})

/** Where an approved request stands with its providers: the chosen ones hold open offers or the job. */
const providersState = (row: RequestRow, selected: ReadonlyArray<ProviderRef>): ProvidersState | null =>
  row.status !== "approved"
    ? null
    : row.assigned_provider_id !== null
      ? "assigned"
      : selected.length > 0
        ? "offered"
        : "awaiting_providers"

const requestCommon = (
  row: RequestRow,
  selected: ReadonlyArray<ProviderRef>,
  assigned: ProviderRef | null,
) => ({
  uuid: row.uuid,
  title: row.title,
  description: row.description,
  customer_name: row.customer_name,
  customer_email: row.customer_email,
  customer_phone: row.customer_phone,
  area: row.area,
  service_category: row.service_category,
  urgency: row.urgency,
  preferred_dates:
    row.preferred_from === null || row.preferred_to === null
      ? null
      : ([row.preferred_from, row.preferred_to] as const),
  budget: row.budget_pence,
  photos: row.photos,
  submitted_at: iso(row.submitted_at),
  status: row.status,
  decided_at: isoOrNull(row.decided_at),
  decided_by: actor(row.decided_by_user_id, row.decided_by_name),
  reason: row.reason,
  selected_providers: [...selected],
  providers_selected_at: isoOrNull(row.providers_selected_at),
  providers_selected_by: actor(row.providers_selected_by_user_id, row.providers_selected_by_name),
  assignee: assigneeOf(row),
  providers_state: providersState(row, selected),
  assigned_provider: row.assigned_provider_id === null ? null : assigned,
  provider_assigned_at: isoOrNull(row.provider_assigned_at),
})

/** What a request's wire form needs beyond its row, when the caller loaded it. */
export interface RequestExtras {
  /** The provider named by `assigned_provider_id`. */
  readonly assigned?: ProviderRef | null
  readonly possibleProviders?: number
}

export const requestToWire = (
  row: RequestRow,
  selected: ReadonlyArray<ProviderRef>,
  extras: RequestExtras = {},
): WorkRequest | MaintenanceRequest => {
  const common = {
    ...requestCommon(row, selected, extras.assigned ?? null),
    possible_providers: extras.possibleProviders ?? 0,
  }
  return row.kind === "work"
    ? { ...common, kind: "work", address: row.location }
    : { ...common, kind: "maintenance", site: row.location }
}

export const offerToWire = (row: OfferRow, provider: ProviderRef): Offer => ({
  uuid: row.uuid,
  provider,
  state: row.state,
  offered_at: iso(row.offered_at),
  offered_by: { id: row.offered_by_user_id, full_name: row.offered_by_name },
  expires_at: iso(row.expires_at),
  answered_at: isoOrNull(row.answered_at),
  reason: row.reason,
})

/** The columns a provider's wire form is made of (the shortlist reads only these). */
export type ProviderWireRow = Pick<
  ProviderRow,
  "uuid" | "company_name" | "services" | "service_area" | "rating" | "current_load" | "active" | "created_at"
>

export const providerToWire = (row: ProviderWireRow, applicationUuid: string | null): Provider => ({
  uuid: row.uuid,
  company_name: row.company_name,
  services: row.services,
  service_area: row.service_area,
  rating: row.rating,
  current_load: row.current_load,
  active: row.active,
  application_uuid: applicationUuid,
  created_at: iso(row.created_at),
})

export const auditToWire = (row: AuditRow): AuditEntry => ({
  id: row.id,
  record_kind: row.record_kind,
  record_uuid: row.record_uuid,
  record_title: row.record_title,
  actor_user_id: row.actor_user_id,
  actor_name: row.actor_name,
  action: row.action,
  from_status: row.from_status,
  to_status: row.to_status,
  reason: row.reason,
  details: row.details,
  at: iso(row.at),
})
