import { Schema } from "effect"
import {
  ApplicationStatus,
  CompanyDocument,
  Count,
  MARKETPLACE_LIMITS,
  OfferState,
  PreferredDates,
  RequestStatus,
  SERVICE_CATEGORIES,
  ServiceCategory,
  text,
  Urgency,
} from "./marketplace"
import { ApplicationFilterFields, FacetsFlag, RequestFilterFields } from "./record-filters"

// What the marketplace endpoints accept: action bodies, intake bodies and list query parameters.
// Query values arrive as strings, hence the FromString numbers.

// ─── Bodies ────────────────────────────────────────────────────────────────────────────────────────────

export const RejectBody = Schema.Struct({ reason: text(MARKETPLACE_LIMITS.maxReasonLength, "A reason") })
export type RejectBody = typeof RejectBody.Type

/**
 * An accept may carry why it goes ahead despite required documents missing or expired; without that reason
 * such an accept is refused (docs/behaviour.md#documents).
 */
export const AcceptBody = Schema.Struct({
  override_reason: Schema.optionalKey(Schema.NullOr(text(MARKETPLACE_LIMITS.maxReasonLength, "A reason"))),
})
export type AcceptBody = typeof AcceptBody.Type

/** The third answer to a pending application: what the applicant is asked for. */
export const RequestInformationBody = Schema.Struct({
  message: text(MARKETPLACE_LIMITS.maxReasonLength, "A message"),
})
export type RequestInformationBody = typeof RequestInformationBody.Type

export const ReopenBody = Schema.Struct({
  reason: Schema.optionalKey(Schema.NullOr(text(MARKETPLACE_LIMITS.maxReasonLength, "A reason"))),
})
export type ReopenBody = typeof ReopenBody.Type

export const SelectProvidersBody = Schema.Struct({
  provider_ids: Schema.Array(Schema.String).check(
    Schema.isMinLength(1, { message: "Choose at least one provider" }),
    Schema.isMaxLength(MARKETPLACE_LIMITS.maxSelectedProviders, {
      message: `Choose at most ${MARKETPLACE_LIMITS.maxSelectedProviders} providers`,
    }),
    Schema.isUnique({ message: "A provider is listed twice" }),
  ),
})
export type SelectProvidersBody = typeof SelectProvidersBody.Type

/** A provider's answer to an offer; a decline may say why. */
export const DeclineOfferBody = Schema.Struct({
  reason: Schema.optionalKey(Schema.NullOr(text(MARKETPLACE_LIMITS.maxReasonLength, "A reason"))),
})
export type DeclineOfferBody = typeof DeclineOfferBody.Type

/** The back office takes an offer back: the reason goes in the audit trail. */
export const WithdrawOfferBody = Schema.Struct({
  reason: text(MARKETPLACE_LIMITS.maxReasonLength, "A reason"),
})
export type WithdrawOfferBody = typeof WithdrawOfferBody.Type

/** More providers for a request that already has offers, with the reason for widening it. */
export const OfferProvidersBody = Schema.Struct({
  ...SelectProvidersBody.fields,
  reason: text(MARKETPLACE_LIMITS.maxReasonLength, "A reason"),
})
export type OfferProvidersBody = typeof OfferProvidersBody.Type

const Area = text(80, "An area")
const Email = Schema.String.check(
  Schema.isMaxLength(254),
  Schema.isPattern(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { message: "Enter a valid email address" }),
)
const Phone = Schema.String.check(
  Schema.isPattern(/^\+?[0-9 ()-]{7,20}$/, { message: "Enter a valid phone number" }),
)
const uniqueList = <S extends Schema.Top>(item: S, min: number, max: number, what: string) =>
  Schema.Array(item).check(
    Schema.isMinLength(min, { message: `Give at least ${min} ${what}` }),
    Schema.isMaxLength(max, { message: `Give at most ${max} ${what}` }),
    Schema.isUnique({ message: `The ${what} must not repeat` }),
  )

export const CompanyApplicationIntake = Schema.Struct({
  company_name: text(160, "The company name"),
  contact_name: text(120, "The contact name"),
  contact_email: Email,
  contact_phone: Phone,
  services_offered: uniqueList(ServiceCategory, 1, SERVICE_CATEGORIES.length, "services"),
  service_area: uniqueList(Area, 1, 30, "areas"),
  registration_number: Schema.String.check(
    Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9 /-]{2,39}$/, { message: "Enter a valid registration number" }),
  ),
  documents: Schema.Array(CompanyDocument).check(Schema.isMaxLength(20)),
})
export type CompanyApplicationIntake = typeof CompanyApplicationIntake.Type

const requestIntakeFields = {
  title: text(160, "The title"),
  description: text(4000, "The description"),
  customer_name: text(120, "The customer name"),
  customer_email: Schema.optionalKey(Schema.NullOr(Email)),
  customer_phone: Schema.optionalKey(Schema.NullOr(Phone)),
  area: Area,
  service_category: ServiceCategory,
  urgency: Urgency,
  preferred_dates: Schema.optionalKey(Schema.NullOr(PreferredDates)),
  budget: Schema.optionalKey(Schema.NullOr(Count.check(Schema.isLessThanOrEqualTo(100_000_000)))),
  photos: Schema.optionalKey(Schema.Array(text(200, "A photo name")).check(Schema.isMaxLength(20))),
}
export const WorkRequestIntake = Schema.Struct({ ...requestIntakeFields, address: text(300, "The address") })
export type WorkRequestIntake = typeof WorkRequestIntake.Type
export const MaintenanceRequestIntake = Schema.Struct({ ...requestIntakeFields, site: text(300, "The site") })
export type MaintenanceRequestIntake = typeof MaintenanceRequestIntake.Type

// ─── Query parameters ──────────────────────────────────────────────────────────────────────────────────

const PageNumber = Schema.NumberFromString.check(
  Schema.isInt({ message: "page must be a whole number" }),
  Schema.isGreaterThanOrEqualTo(1, { message: "page must be 1 or more" }),
)
const PageSize = Schema.NumberFromString.check(
  Schema.isInt({ message: "page_size must be a whole number" }),
  Schema.isBetween(
    { minimum: 1, maximum: MARKETPLACE_LIMITS.maxPageSize },
    { message: `page_size must be between 1 and ${MARKETPLACE_LIMITS.maxPageSize}` },
  ),
)
const Search = Schema.String.check(Schema.isMaxLength(MARKETPLACE_LIMITS.maxSearchLength))
const ordering = <const F extends string>(fields: ReadonlyArray<F>) =>
  Schema.Literals([...fields, ...fields.map((f) => `-${f}` as const)])

export const REQUEST_ORDERING = [
  "submitted_at",
  "decided_at",
  "title",
  "urgency",
  "budget",
  "status",
] as const
export const APPLICATION_ORDERING = ["submitted_at", "decided_at", "company_name", "status"] as const
export const PROVIDER_ORDERING = ["company_name", "rating", "current_load", "created_at"] as const

/** Whose records a list shows: the caller's claims, nobody's, anybody's, or all (the default). */
export const ASSIGNEE_FILTERS = ["all", "mine", "unassigned", "claimed"] as const
export const AssigneeFilter = Schema.Literals(ASSIGNEE_FILTERS)
export type AssigneeFilter = typeof AssigneeFilter.Type

/** Applications waiting for their applicant: all (the default), only those, or only the others. */
export const WAITING_FILTERS = ["all", "waiting", "not_waiting"] as const
export const WaitingFilter = Schema.Literals(WAITING_FILTERS)
export type WaitingFilter = typeof WaitingFilter.Type
/** `awaiting`: approved requests no provider has accepted, the awaiting-providers queue (oldest approval first). */
export const ProvidersFilter = Schema.Literals(["awaiting"])
export type ProvidersFilter = typeof ProvidersFilter.Type

export const RequestListQuery = Schema.Struct({
  status: Schema.optionalKey(RequestStatus),
  providers: Schema.optionalKey(ProvidersFilter),
  assignee: Schema.optionalKey(AssigneeFilter),
  search: Schema.optionalKey(Search),
  ordering: Schema.optionalKey(ordering(REQUEST_ORDERING)),
  page: Schema.optionalKey(PageNumber),
  page_size: Schema.optionalKey(PageSize),
  ...RequestFilterFields,
  facets: Schema.optionalKey(FacetsFlag),
})
export type RequestListQuery = typeof RequestListQuery.Type

export const ApplicationListQuery = Schema.Struct({
  status: Schema.optionalKey(ApplicationStatus),
  assignee: Schema.optionalKey(AssigneeFilter),
  waiting: Schema.optionalKey(WaitingFilter),
  search: Schema.optionalKey(Search),
  ordering: Schema.optionalKey(ordering(APPLICATION_ORDERING)),
  page: Schema.optionalKey(PageNumber),
  page_size: Schema.optionalKey(PageSize),
  ...ApplicationFilterFields,
  facets: Schema.optionalKey(FacetsFlag),
})
export type ApplicationListQuery = typeof ApplicationListQuery.Type

/** The intake API's offers, for the marketplace to put in front of providers; open ones by default. */
export const OfferListQuery = Schema.Struct({
  state: Schema.optionalKey(OfferState),
  page: Schema.optionalKey(PageNumber),
  page_size: Schema.optionalKey(PageSize),
})
export type OfferListQuery = typeof OfferListQuery.Type

export const ProviderListQuery = Schema.Struct({
  search: Schema.optionalKey(Search),
  service: Schema.optionalKey(ServiceCategory),
  active: Schema.optionalKey(Schema.Literals(["true", "false"])),
  ordering: Schema.optionalKey(ordering(PROVIDER_ORDERING)),
  page: Schema.optionalKey(PageNumber),
  page_size: Schema.optionalKey(PageSize),
})
export type ProviderListQuery = typeof ProviderListQuery.Type
