import type { ColumnType, Generated } from "kysely"
import type {
  AnyStatus,
  ApplicationStatus,
  AuditAction,
  AuditDetails,
  CompanyDocument,
  OfferState,
  RecordKind,
  RequestKind,
  RequestStatus,
  ServiceCategory,
  Urgency,
} from "../../src/schema/marketplace/marketplace"

// Kysely row types of the marketplace tables (SQL in ./migration.ts). Timestamps read as Date and are
// written as Date or ISO strings; jsonb columns are written as JSON text (the pg driver would otherwise
// turn a JS array into a PostgreSQL array).

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type Json<T> = ColumnType<T, string, string>

export interface CompanyApplicationTable {
  id: Generated<number>
  uuid: Generated<string>
  company_name: string
  contact_name: string
  contact_email: string
  contact_phone: string
  services_offered: ServiceCategory[]
  service_area: string[]
  registration_number: string
  documents: Json<CompanyDocument[]>
  submitted_at: Timestamp
  status: ApplicationStatus
  decided_at: NullableTimestamp
  decided_by_user_id: number | null
  decided_by_name: string | null
  reason: string | null
  search_text: string
  assignee_user_id: ColumnType<number | null, number | null | undefined, number | null>
  assignee_name: ColumnType<string | null, string | null | undefined, string | null>
  assigned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** Since when the applicant has been asked for more and not answered; null otherwise. */
  waiting_since: ColumnType<Date | null, Date | null | undefined, Date | null>
  waiting_message: ColumnType<string | null, string | null | undefined, string | null>
}

/** Work and maintenance requests share one table; `location` is the address or the site. */
export interface ServiceRequestTable {
  id: Generated<number>
  uuid: Generated<string>
  kind: RequestKind
  title: string
  description: string
  customer_name: string
  location: string
  area: string
  service_category: ServiceCategory
  urgency: Urgency
  /** low 0 … emergency 3, so that ordering by urgency is by severity and can use an index. */
  urgency_rank: number
  /** YYYY-MM-DD */
  preferred_from: string | null
  preferred_to: string | null
  budget_pence: number | null
  photos: string[]
  submitted_at: Timestamp
  status: RequestStatus
  decided_at: NullableTimestamp
  decided_by_user_id: number | null
  decided_by_name: string | null
  reason: string | null
  providers_selected_at: NullableTimestamp
  providers_selected_by_user_id: number | null
  providers_selected_by_name: string | null
  search_text: string
  assignee_user_id: ColumnType<number | null, number | null | undefined, number | null>
  assignee_name: ColumnType<string | null, string | null | undefined, string | null>
  assigned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** Optional (./customer-contact-migration.ts). */
  customer_email: ColumnType<string | null, string | null | undefined, string | null>
  customer_phone: ColumnType<string | null, string | null | undefined, string | null>
  /** The provider whose acceptance assigned the job (./offers-migration.ts). */
  assigned_provider_id: ColumnType<number | null, number | null | undefined, number | null>
  provider_assigned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface ProviderTable {
  id: Generated<number>
  uuid: Generated<string>
  company_name: string
  services: ServiceCategory[]
  service_area: string[]
  rating: number | null
  current_load: Generated<number>
  /** How many open jobs it can hold (./shortlist/shortlist-migration.ts). */
  capacity: Generated<number>
  active: Generated<boolean>
  application_id: number | null
  created_at: Timestamp
  search_text: string
}

/** Where a postcode area lies, for the shortlist's distances (./shortlist/shortlist-migration.ts). */
export interface PostcodeAreaTable {
  code: string
  town: string
  lat: number
  lon: number
}

export interface ServiceRequestProviderTable {
  request_id: number
  provider_id: number
  /** The order the coordinator chose them in. */
  position: number
}

export interface ProviderOfferTable {
  id: Generated<number>
  uuid: Generated<string>
  request_id: number
  provider_id: number
  state: ColumnType<OfferState, OfferState | undefined, OfferState>
  offered_at: Timestamp
  offered_by_user_id: number | null
  offered_by_name: string
  expires_at: Timestamp
  answered_at: NullableTimestamp
  reason: string | null
}

export interface MarketplaceAuditTable {
  id: Generated<number>
  record_kind: RecordKind
  record_uuid: string
  record_title: string
  actor_user_id: number | null
  actor_name: string
  action: AuditAction
  from_status: AnyStatus | null
  to_status: AnyStatus | null
  reason: string | null
  details: Json<AuditDetails>
  at: Timestamp
}

/** Appended to the server's Database interface (server/db/schema.ts). */
export interface MarketplaceTables {
  company_application: CompanyApplicationTable
  service_request: ServiceRequestTable
  provider: ProviderTable
  postcode_area: PostcodeAreaTable
  service_request_provider: ServiceRequestProviderTable
  provider_offer: ProviderOfferTable
  marketplace_audit: MarketplaceAuditTable
}
