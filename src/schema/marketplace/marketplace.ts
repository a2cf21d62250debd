import { Schema } from "effect"

// The marketplace wire contract: company applications, work and maintenance requests, providers,
// candidates, audit trail, dashboard summary, and the bodies and query parameters the server accepts.
// Dates travel as ISO 8601 strings; money as integer pence so that no float rounding reaches a budget.

export const MARKETPLACE_LIMITS = {
  defaultPageSize: 20,
  maxPageSize: 100,
  maxReasonLength: 1000,
  maxSearchLength: 200,
  /** A coordinator chooses a short list; more than this is a mistake, not a choice. */
  maxSelectedProviders: 5,
  recentActivity: 10,
} as const

export const SERVICE_CATEGORIES = [
  "plumbing",
  "electrical",
  "heating",
  "roofing",
  "carpentry",
  "painting",
  "plastering",
  "flooring",
  "glazing",
  "locksmith",
  "landscaping",
  "cleaning",
  "pest_control",
  "drainage",
  "appliance_repair",
  "damp_proofing",
] as const
export const ServiceCategory = Schema.Literals(SERVICE_CATEGORIES)
export type ServiceCategory = typeof ServiceCategory.Type

/** How a trade reads in a sentence ("Offers pest control"). */
export const serviceLabel = (service: ServiceCategory): string => service.replaceAll("_", " ")

export const RequestKind = Schema.Literals(["work", "maintenance"])
export type RequestKind = typeof RequestKind.Type
export const RequestStatus = Schema.Literals(["pending", "approved", "rejected"])
export type RequestStatus = typeof RequestStatus.Type
export const ApplicationStatus = Schema.Literals(["pending", "accepted", "rejected"])
export type ApplicationStatus = typeof ApplicationStatus.Type
export const AnyStatus = Schema.Literals(["pending", "approved", "accepted", "rejected"])
export type AnyStatus = typeof AnyStatus.Type
/** Least to most urgent: the order `ordering=urgency` sorts by. */
export const URGENCY_ORDER = ["low", "normal", "high", "emergency"] as const
export const Urgency = Schema.Literals(URGENCY_ORDER)
export type Urgency = typeof Urgency.Type
export const RecordKind = Schema.Literals(["company_application", "work_request", "maintenance_request"])
export type RecordKind = typeof RecordKind.Type
export const AuditAction = Schema.Literals([
  "submitted",
  "approved",
  "rejected",
  "accepted",
  "reopened",
  "providers_selected",
  "assigned",
  "unassigned",
  "information_requested",
  "documents_received",
  "offer_accepted",
  "offer_declined",
  "offer_expired",
  "offer_withdrawn",
  "providers_offered",
  "note_added",
])
export type AuditAction = typeof AuditAction.Type
export const DocumentKind = Schema.Literals([
  "registration_certificate",
  "insurance",
  "trade_licence",
  "identity",
  "bank_details",
  "reference",
  "other",
  "gas_safe_registration",
  "electrical_certificate",
])
export type DocumentKind = typeof DocumentKind.Type

export const Uuid = Schema.String.check(Schema.isUUID())
export const Timestamp = Schema.String
const IsoDate = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { message: "Expected YYYY-MM-DD" }),
)
export const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))
export const text = (max: number, what: string) =>
  Schema.String.check(
    Schema.isPattern(/\S/, { message: `${what} must not be empty` }),
    Schema.isMaxLength(max, { message: `${what} must be at most ${max} characters` }),
  )

// ─── Entities ──────────────────────────────────────────────────────────────────────────────────────────

/** A person who acted; `id` is null for people outside the back office (an applicant, a customer). */
export const Actor = Schema.Struct({ id: Schema.NullOr(Schema.Number), full_name: Schema.String })
export type Actor = typeof Actor.Type

/**
 * Who has claimed a record (docs/behaviour.md#claims): advisory, so that coordinators do not work the same
 * record twice; the decision endpoints' 409 still guards against two decisions.
 */
export const Assignee = Schema.Struct({ id: Schema.Number, full_name: Schema.String, assigned_at: Timestamp })
export type Assignee = typeof Assignee.Type

export const ProviderRef = Schema.Struct({ uuid: Uuid, company_name: Schema.String })
export type ProviderRef = typeof ProviderRef.Type

export const AuditDetails = Schema.Struct({
  providers: Schema.optionalKey(Schema.Array(ProviderRef)),
  /** A reopen releases the providers chosen before; they are named here. */
  released_providers: Schema.optionalKey(Schema.Array(ProviderRef)),
  /** Accepting an application creates or reactivates this provider. */
  provider: Schema.optionalKey(ProviderRef),
  /** An assignment that took the record from someone else, or a release of someone else's claim, names them. */
  previous_assignee: Schema.optionalKey(Actor),
  /** An accept despite required documents missing or expired: the kinds, as the checklist showed them. */
  overridden: Schema.optionalKey(Schema.Array(Schema.Struct({ kind: DocumentKind, state: Schema.String }))),
  /** Documents sent through the intake API: their file names. */
  files: Schema.optionalKey(Schema.Array(Schema.String)),
  /** An offer answered, expired or withdrawn: which one, and whose it was. */
  offer: Schema.optionalKey(Schema.Struct({ uuid: Uuid, provider: ProviderRef })),
  /** An acceptance withdraws the other open offers; they are named here. */
  withdrawn_offers: Schema.optionalKey(Schema.Array(ProviderRef)),
})
export type AuditDetails = typeof AuditDetails.Type

export const AuditEntry = Schema.Struct({
  id: Schema.Number,
  record_kind: RecordKind,
  record_uuid: Uuid,
  record_title: Schema.String,
  actor_user_id: Schema.NullOr(Schema.Number),
  actor_name: Schema.String,
  action: AuditAction,
  from_status: Schema.NullOr(AnyStatus),
  to_status: Schema.NullOr(AnyStatus),
  reason: Schema.NullOr(Schema.String),
  details: AuditDetails,
  at: Timestamp,
})
export type AuditEntry = typeof AuditEntry.Type

export const Provider = Schema.Struct({
  uuid: Uuid,
  company_name: Schema.String,
  services: Schema.Array(ServiceCategory),
  service_area: Schema.Array(Schema.String),
  /** 1.0 to 5.0; null for a provider nobody has rated yet. */
  rating: Schema.NullOr(Schema.Number),
  /** Open jobs the provider currently holds. */
  current_load: Count,
  active: Schema.Boolean,
  application_uuid: Schema.NullOr(Uuid),
  created_at: Timestamp,
})
export type Provider = typeof Provider.Type

/** A required document as the application's checklist shows it (the table: src/schema/documents/checklist.ts). */
export const ChecklistState = Schema.Literals(["present", "missing", "expired", "expiring"])
export type ChecklistState = typeof ChecklistState.Type
export const ChecklistEntry = Schema.Struct({
  kind: DocumentKind,
  state: ChecklistState,
  /** The last valid day of the kind's longest-valid document, when it has one. */
  expires_on: Schema.NullOr(IsoDate),
})
export type ChecklistEntry = typeof ChecklistEntry.Type

export const CompanyDocument = Schema.Struct({ name: text(200, "Document name"), kind: DocumentKind })
export type CompanyDocument = typeof CompanyDocument.Type

export const CompanyApplication = Schema.Struct({
  uuid: Uuid,
  company_name: Schema.String,
  contact_name: Schema.String,
  contact_email: Schema.String,
  contact_phone: Schema.String,
  services_offered: Schema.Array(ServiceCategory),
  service_area: Schema.Array(Schema.String),
  registration_number: Schema.String,
  documents: Schema.Array(CompanyDocument),
  submitted_at: Timestamp,
  status: ApplicationStatus,
  decided_at: Schema.NullOr(Timestamp),
  decided_by: Schema.NullOr(Actor),
  reason: Schema.NullOr(Schema.String),
  assignee: Schema.NullOr(Assignee),
  /** Set while the applicant has been asked for more information and has not answered (docs/behaviour.md#documents). */
  waiting_since: Schema.optionalKey(Schema.NullOr(Timestamp)),
})
export type CompanyApplication = typeof CompanyApplication.Type

export const CompanyApplicationDetail = Schema.Struct({
  ...CompanyApplication.fields,
  /** The provider made from this application, once accepted (it stays, deactivated, after a reopen). */
  provider: Schema.NullOr(ProviderRef),
  /** The required documents, each present, missing, expired or expiring (docs/behaviour.md#documents). */
  checklist: Schema.optionalKey(Schema.Array(ChecklistEntry)),
  audit: Schema.Array(AuditEntry),
  live_position: Schema.optionalKey(Count),
})
export type CompanyApplicationDetail = typeof CompanyApplicationDetail.Type

/** An offer's life: offered until a provider answers, it expires, or the back office withdraws it. */
export const OFFER_STATES = ["offered", "accepted", "declined", "expired", "withdrawn"] as const
export const OfferState = Schema.Literals(OFFER_STATES)
export type OfferState = typeof OfferState.Type

/**
 * An approved request with nobody chosen, or whose offers were all declined or expired, is awaiting providers;
 * with an open offer it is offered; once a provider accepted it is assigned.
 */
export const ProvidersState = Schema.Literals(["awaiting_providers", "offered", "assigned"])
export type ProvidersState = typeof ProvidersState.Type

export const Offer = Schema.Struct({
  uuid: Uuid,
  provider: ProviderRef,
  state: OfferState,
  offered_at: Timestamp,
  offered_by: Actor,
  expires_at: Timestamp,
  /** When it left "offered" (answered, expired or withdrawn). */
  answered_at: Schema.NullOr(Timestamp),
  /** A provider's reason for declining, or the back office's for withdrawing. */
  reason: Schema.NullOr(Schema.String),
})
export type Offer = typeof Offer.Type

/** [from, to], inclusive, from ≤ to. */
export const PreferredDates = Schema.Tuple([IsoDate, IsoDate]).check(
  Schema.makeFilter(
    ([from, to]) => from <= to || "The preferred dates must run from the earlier to the later",
  ),
)

const requestFields = {
  uuid: Uuid,
  title: Schema.String,
  description: Schema.String,
  customer_name: Schema.String,
  /** How to reach the customer, when they gave it. */
  customer_email: Schema.NullOr(Schema.String),
  customer_phone: Schema.NullOr(Schema.String),
  /** The town or city, matched against a provider's service area. */
  area: Schema.String,
  service_category: ServiceCategory,
  urgency: Urgency,
  preferred_dates: Schema.NullOr(PreferredDates),
  /** Pence (GBP minor units); null when the customer gave none. */
  budget: Schema.NullOr(Count),
  photos: Schema.Array(Schema.String),
  submitted_at: Timestamp,
  status: RequestStatus,
  decided_at: Schema.NullOr(Timestamp),
  decided_by: Schema.NullOr(Actor),
  reason: Schema.NullOr(Schema.String),
  selected_providers: Schema.Array(ProviderRef),
  providers_selected_at: Schema.NullOr(Timestamp),
  providers_selected_by: Schema.NullOr(Actor),
  assignee: Schema.NullOr(Assignee),
  /** Where an approved request stands with its providers (docs/behaviour.md#offers); null unless approved. */
  providers_state: Schema.NullOr(ProvidersState),
  /** The provider who accepted the job. */
  assigned_provider: Schema.NullOr(ProviderRef),
  provider_assigned_at: Schema.NullOr(Timestamp),
  /** Active providers offering the service in the area: none means nobody could take it once approved. */
  possible_providers: Count,
}

export const WorkRequest = Schema.Struct({
  ...requestFields,
  kind: Schema.Literal("work"),
  address: Schema.String,
})
export type WorkRequest = typeof WorkRequest.Type
export const MaintenanceRequest = Schema.Struct({
  ...requestFields,
  kind: Schema.Literal("maintenance"),
  site: Schema.String,
})
export type MaintenanceRequest = typeof MaintenanceRequest.Type

/** What a request's page shows beyond its row in a list. */
const detailFields = {
  offers: Schema.Array(Offer),
  audit: Schema.Array(AuditEntry),
  live_position: Schema.optionalKey(Count),
}
export const WorkRequestDetail = Schema.Struct({ ...WorkRequest.fields, ...detailFields })
export type WorkRequestDetail = typeof WorkRequestDetail.Type
export const MaintenanceRequestDetail = Schema.Struct({ ...MaintenanceRequest.fields, ...detailFields })
export type MaintenanceRequestDetail = typeof MaintenanceRequestDetail.Type
