import { Context, Effect, Layer, type Schema } from "effect"
import type {
  ListPage,
  ListQuery,
  ListSource,
  RecordDetail,
  RecordRef,
  ReviewDecision,
} from "../machines/marketplace-types"
import type { Failure } from "../schema/failure"
import {
  CandidateList,
  CompanyApplicationDetail,
  CompanyApplicationPage,
  DashboardSummary,
  MaintenanceRequestDetail,
  MaintenanceRequestPage,
  ProviderPage,
  type RequestKind,
  WorkRequestDetail,
  WorkRequestPage,
} from "../schema/marketplace"
import { Api } from "./api"

// Every marketplace call (docs/behaviour.md#api), each answer decoded by the shared
// wire schema so that a server change shows up as an Failure, never as a wrong-shaped record in a view.

export interface ProviderQuery {
  readonly search?: string
  readonly service?: string
}

export interface MarketplaceApiShape {
  readonly list: (source: ListSource, query: ListQuery) => Effect.Effect<ListPage, Failure>
  readonly detail: (ref: RecordRef) => Effect.Effect<RecordDetail, Failure>
  readonly decide: (ref: RecordRef, decision: ReviewDecision) => Effect.Effect<RecordDetail, Failure>
  readonly candidates: (kind: RequestKind, uuid: string) => Effect.Effect<CandidateList, Failure>
  readonly selectProviders: (
    kind: RequestKind,
    uuid: string,
    providerIds: ReadonlyArray<string>,
  ) => Effect.Effect<RecordDetail, Failure>
  readonly providers: (query: ProviderQuery) => Effect.Effect<ProviderPage, Failure>
  readonly summary: Effect.Effect<DashboardSummary, Failure>
}

const REQUEST_BASE: Record<RequestKind, string> = {
  work: "/api/v1/work-requests/",
  maintenance: "/api/v1/maintenance-requests/",
}
const APPLICATION_BASE = "/api/v1/company-applications/"

const baseOf = (source: ListSource): string =>
  source === "application" ? APPLICATION_BASE : REQUEST_BASE[source]

const DETAIL_SCHEMA = {
  work: WorkRequestDetail,
  maintenance: MaintenanceRequestDetail,
  application: CompanyApplicationDetail,
} as const

const PAGE_SCHEMA = {
  work: WorkRequestPage,
  maintenance: MaintenanceRequestPage,
  application: CompanyApplicationPage,
} as const

const queryParams = (q: ListQuery) => ({
  status: q.status,
  search: q.search,
  ordering: q.ordering,
  page: q.page > 1 ? q.page : undefined,
  page_size: q.pageSize,
})

export class MarketplaceApi extends Context.Service<MarketplaceApi, MarketplaceApiShape>()(
  "app/MarketplaceApi",
) {
  static readonly layer = Layer.effect(
    MarketplaceApi,
    Effect.gen(function* () {
      const api = yield* Api
      const detailOf = (ref: RecordRef): Schema.Decoder<RecordDetail> => DETAIL_SCHEMA[ref.kind]
      return MarketplaceApi.of({
        list: (source, query) =>
          api.request<ListPage>("GET", baseOf(source), {
            query: queryParams(query),
            schema: PAGE_SCHEMA[source] as Schema.Decoder<ListPage>,
          }),
        detail: (ref) => api.request("GET", `${baseOf(ref.kind)}${ref.uuid}/`, { schema: detailOf(ref) }),
        decide: (ref, decision) =>
          api.request("POST", `${baseOf(ref.kind)}${ref.uuid}/${decision.action}/`, {
            body: decision.action === "reject" ? { reason: decision.reason } : undefined,
            schema: detailOf(ref),
          }),
        candidates: (kind, uuid) =>
          api.request("GET", `${REQUEST_BASE[kind]}${uuid}/providers/`, { schema: CandidateList }),
        selectProviders: (kind, uuid, providerIds) =>
          api.request("POST", `${REQUEST_BASE[kind]}${uuid}/select-providers/`, {
            body: { provider_ids: providerIds },
            schema: detailOf({ kind, uuid }),
          }),
        providers: (query) =>
          api.request("GET", "/api/v1/providers/", { query: { ...query }, schema: ProviderPage }),
        summary: api.request("GET", "/api/v1/dashboard/summary/", { schema: DashboardSummary }),
      })
    }),
  )
}
