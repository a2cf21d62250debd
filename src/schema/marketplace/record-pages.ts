import { Schema } from "effect"
import { Facets } from "./facets"
import { CompanyApplication, Count, MaintenanceRequest, Provider, WorkRequest } from "./marketplace"
import { QueueTimes } from "./queue-wait"

// The pages the marketplace lists answer with: the notification page shape, and for queues what their
// waiting time is measured against, the live position and the filters' counts.

/**
 * The live position an answer reflects at least (docs/behaviour.md#catching-up): a page opens its socket
 * from the oldest it holds and so hears every change made after it was read.
 */
export const LivePosition = Schema.optionalKey(Count)

/** `next`/`previous` are paths with the same query and another `page` (the notification page shape). */
export const Page = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    count: Count,
    next: Schema.NullOr(Schema.String),
    previous: Schema.NullOr(Schema.String),
    results: Schema.Array(item),
  })
/** A page of records that queue while pending: it carries what their waiting time is measured against. */
export const QueuePage = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    ...Page(item).fields,
    queue: QueueTimes,
    live_position: LivePosition,
    facets: Schema.optionalKey(Facets),
  })
export const WorkRequestPage = QueuePage(WorkRequest)
export type WorkRequestPage = typeof WorkRequestPage.Type
export const MaintenanceRequestPage = QueuePage(MaintenanceRequest)
export type MaintenanceRequestPage = typeof MaintenanceRequestPage.Type
export const CompanyApplicationPage = QueuePage(CompanyApplication)
export type CompanyApplicationPage = typeof CompanyApplicationPage.Type
export const ProviderPage = Page(Provider)
export type ProviderPage = typeof ProviderPage.Type
