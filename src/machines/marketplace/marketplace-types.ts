import type { Facets } from "../../schema/marketplace/facets"
import type {
  CompanyApplication,
  CompanyApplicationDetail,
  MaintenanceRequest,
  MaintenanceRequestDetail,
  WorkRequest,
  WorkRequestDetail,
} from "../../schema/marketplace/marketplace"
import type { AssigneeFilter, WaitingFilter } from "../../schema/marketplace/marketplace-input"
import type { QueueTimes } from "../../schema/marketplace/queue-wait"
import type { RecordSource } from "../../schema/system/app-routes"
import type { ListFilters } from "./list-filter-params"

// The vocabulary the marketplace machines share with the service that serves them; types and pure helpers
// only, so machines stay free of IO and of the Effect runtime.

/** Which list a record belongs to: the two request kinds and the company applications. */
export type ListSource = RecordSource

export interface RecordRef {
  readonly kind: ListSource
  readonly uuid: string
}

/**
 * The awaiting-providers queue's list "status": approved requests nobody accepted (docs/behaviour.md#offers).
 * The API reads it as `status=approved&providers=awaiting`.
 */
export const AWAITING_PROVIDERS = "awaiting_providers"

/** A list's place, as the URL keeps it. `status` is fixed by the page; the rest the user changes. */
export interface ListQuery {
  readonly status: string
  readonly page: number
  readonly search: string
  readonly ordering: string
  readonly pageSize?: number
  /** Whose records: absent for all (docs/behaviour.md#claims). */
  readonly assignee?: AssigneeFilter
  /** Applications waiting for their applicant, or not: absent for all (docs/behaviour.md#documents). */
  readonly waiting?: WaitingFilter
  /** Urgency, area, service and days (docs/behaviour.md#filters): absent when none is set. */
  readonly filters?: ListFilters
}

export type ListItem = WorkRequest | MaintenanceRequest | CompanyApplication
export interface ListPage {
  readonly count: number
  readonly next: string | null
  readonly previous: string | null
  readonly results: ReadonlyArray<ListItem>
  /** What the waiting times of a pending list are measured against (docs/behaviour.md#waiting-time). */
  readonly queue?: QueueTimes
  /** The live position the page reflects at least (docs/behaviour.md#catching-up). */
  readonly live_position?: number
  /** The counts beside the filters (docs/behaviour.md#filters). */
  readonly facets?: Facets
}

export type RecordDetail = WorkRequestDetail | MaintenanceRequestDetail | CompanyApplicationDetail

/** The positive decision is "accept" for an application and "approve" for a request (the server's paths). */
export type PositiveAction = "approve" | "accept"
export type ReviewDecision =
  /** `overrideReason`: why an application is accepted with required documents missing or expired. */
  | { readonly action: PositiveAction; readonly overrideReason?: string }
  | { readonly action: "reject"; readonly reason: string }
  /** An application's third answer: the applicant is asked for more (it stays pending). */
  | { readonly action: "requestInformation"; readonly message: string }

export const positiveActionFor = (kind: ListSource): PositiveAction =>
  kind === "application" ? "accept" : "approve"

/** How a decision reads after the fact: "approved", "accepted" or "rejected". */
export const decisionWords = (decision: ReviewDecision | null): string => {
  switch (decision?.action) {
    case "accept":
      return "accepted"
    case "reject":
      return "rejected"
    case "requestInformation":
      return "asked for more information"
    default:
      return "approved"
  }
}

/** How a record is named to people: an application by its company, a request by its title. */
export const recordTitle = (record: ListItem | RecordDetail): string =>
  "company_name" in record ? record.company_name : record.title
