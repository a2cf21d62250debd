import { Context, Effect, Layer, Schema } from "effect"
import type { ServerFilter as CandidateServerFilter } from "../../machines/marketplace/candidate-filter"
import { filterParams } from "../../machines/marketplace/list-filter-params"
import {
  AWAITING_PROVIDERS,
  type ListPage,
  type ListQuery,
  type ListSource,
  type RecordDetail,
  type RecordRef,
  type ReviewDecision,
} from "../../machines/marketplace/marketplace-types"
import { applicationsApi } from "../../schema/api/applications"
import { dashboardApi } from "../../schema/api/dashboard"
import { providersApi } from "../../schema/api/providers"
import { maintenanceRequestsApi, workRequestsApi } from "../../schema/api/requests"
import type { DashboardSummary } from "../../schema/dashboard/dashboard"
import type { CandidateList } from "../../schema/marketplace/candidates"
import {
  CompanyApplicationDetail,
  MaintenanceRequestDetail,
  type RequestKind,
  WorkRequestDetail,
} from "../../schema/marketplace/marketplace"
import type { ProviderListQuery } from "../../schema/marketplace/marketplace-input"
import {
  CompanyApplicationPage,
  MaintenanceRequestPage,
  type ProviderPage,
  WorkRequestPage,
} from "../../schema/marketplace/record-pages"
import { Failure } from "../../schema/system/failure"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

// Every marketplace call (docs/behaviour.md#api), typed by the API description (src/schema/api), each answer decoded by the shared
// wire schema so that a server change shows up as an Failure, never as a wrong-shaped record in a view.

export type ProviderQuery = ProviderListQuery

export interface MarketplaceApiShape {
  readonly list: (source: ListSource, query: ListQuery) => Effect.Effect<ListPage, Failure>
  readonly detail: (ref: RecordRef) => Effect.Effect<RecordDetail, Failure>
  readonly decide: (ref: RecordRef, decision: ReviewDecision) => Effect.Effect<RecordDetail, Failure>
  /** Assign to me, or Unassign (docs/behaviour.md#claims). */
  readonly claim: (ref: RecordRef, change: "assign" | "unassign") => Effect.Effect<RecordDetail, Failure>
  /** Narrowed by the server when a filter is given (it ranks what it keeps from 1). */
  readonly candidates: (
    kind: RequestKind,
    uuid: string,
    filter?: CandidateServerFilter,
  ) => Effect.Effect<CandidateList, Failure>
  readonly selectProviders: (
    kind: RequestKind,
    uuid: string,
    providerIds: ReadonlyArray<string>,
  ) => Effect.Effect<RecordDetail, Failure>
  /** Changing course (docs/behaviour.md#offers): take an open offer back, with a reason. */
  readonly withdrawOffer: (
    kind: RequestKind,
    uuid: string,
    offer: string,
    reason: string,
  ) => Effect.Effect<RecordDetail, Failure>
  /** Offer the job to more providers, with a reason. */
  readonly offerProviders: (
    kind: RequestKind,
    uuid: string,
    providerIds: ReadonlyArray<string>,
    reason: string,
  ) => Effect.Effect<RecordDetail, Failure>
  readonly providers: (query: ProviderQuery) => Effect.Effect<ProviderPage, Failure>
  readonly summary: Effect.Effect<DashboardSummary, Failure>
}

const REQUEST_APIS = { work: workRequestsApi, maintenance: maintenanceRequestsApi } as const

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

/** The list's place as query text: what the URL holds, without the parameters it leaves at their default. */
const queryText = (q: ListQuery): Record<string, string> => {
  const awaiting = q.status === AWAITING_PROVIDERS
  const text: Record<string, string | undefined> = {
    status: awaiting ? "approved" : q.status,
    providers: awaiting ? "awaiting" : undefined,
    search: q.search,
    ordering: q.ordering,
    page: q.page > 1 ? String(q.page) : undefined,
    page_size: q.pageSize === undefined ? undefined : String(q.pageSize),
    assignee: q.assignee,
    waiting: q.waiting,
    ...filterParams(q.filters),
    // The counts beside the filters come with the page they describe (docs/behaviour.md#filters).
    facets: "true",
  }
  return Object.fromEntries(
    Object.entries(text).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "",
    ),
  )
}

/**
 * A list's query as the description types it (its `ordering` one of the fields the server sorts by): a URL
 * naming anything else fails here, as the server would refuse it.
 */
const listQuery = <Q>(schema: Schema.Decoder<Q>, q: ListQuery): Effect.Effect<Q, Failure> =>
  Schema.decodeUnknownEffect(schema)(queryText(q)).pipe(
    Effect.mapError(
      (e) =>
        new Failure({
          kind: "decode",
          status: 0,
          detail: null,
          serverMessage: null,
          message: `List query not accepted: ${String(e)}`,
        }),
    ),
  )

export class MarketplaceApi extends Context.Service<MarketplaceApi, MarketplaceApiShape>()(
  "app/MarketplaceApi",
) {
  static readonly layer = Layer.effect(
    MarketplaceApi,
    Effect.gen(function* () {
      const api = yield* Api
      const detailOf = (ref: RecordRef): Schema.Decoder<RecordDetail> => DETAIL_SCHEMA[ref.kind]
      const list: MarketplaceApiShape["list"] = (source, query) => {
        const decodeAs = PAGE_SCHEMA[source] as Schema.Decoder<ListPage>
        if (source === "application") {
          const endpoint = applicationsApi.endpoints.list
          return Effect.flatMap(listQuery(endpoint.query, query), (q) =>
            callEndpoint(api, endpoint, { query: q }, { decodeAs }),
          )
        }
        const endpoint = REQUEST_APIS[source].endpoints.list
        return Effect.flatMap(listQuery(endpoint.query, query), (q) =>
          callEndpoint(api, endpoint, { query: q }, { decodeAs }),
        )
      }
      const decide: MarketplaceApiShape["decide"] = (ref, decision) => {
        const params = { uuid: ref.uuid }
        const decodeAs = detailOf(ref)
        if (ref.kind === "application") {
          const { accept, reject, requestInformation } = applicationsApi.endpoints
          switch (decision.action) {
            case "reject":
              return callEndpoint(api, reject, { params, payload: { reason: decision.reason } }, { decodeAs })
            case "requestInformation":
              return callEndpoint(
                api,
                requestInformation,
                { params, payload: { message: decision.message } },
                { decodeAs },
              )
            default:
              return callEndpoint(
                api,
                accept,
                {
                  params,
                  payload: decision.overrideReason ? { override_reason: decision.overrideReason } : {},
                },
                { decodeAs },
              )
          }
        }
        const { approve, reject } = REQUEST_APIS[ref.kind].endpoints
        return decision.action === "reject"
          ? callEndpoint(api, reject, { params, payload: { reason: decision.reason } }, { decodeAs })
          : callEndpoint(api, approve, { params }, { decodeAs })
      }
      const claim: MarketplaceApiShape["claim"] = (ref, change) => {
        const params = { uuid: ref.uuid }
        const decodeAs = detailOf(ref)
        if (ref.kind === "application")
          return callEndpoint(api, applicationsApi.endpoints[change], { params }, { decodeAs })
        return callEndpoint(api, REQUEST_APIS[ref.kind].endpoints[change], { params }, { decodeAs })
      }
      return MarketplaceApi.of({
        list,
        claim,
        detail: (ref) => {
          const endpoint =
            ref.kind === "application"
              ? applicationsApi.endpoints.detail
              : REQUEST_APIS[ref.kind].endpoints.detail
          return callEndpoint(api, endpoint, { params: { uuid: ref.uuid } }, { decodeAs: detailOf(ref) })
        },
        decide,
        candidates: (kind, uuid, filter) =>
          callEndpoint(api, REQUEST_APIS[kind].endpoints.candidates, {
            params: { uuid },
            query: {
              ...(filter?.maxKm == null ? {} : { max_distance_km: filter.maxKm }),
              ...(filter?.hasCapacity ? { has_capacity: "true" as const } : {}),
            },
          }),
        selectProviders: (kind, uuid, providerIds) =>
          callEndpoint(
            api,
            REQUEST_APIS[kind].endpoints.selectProviders,
            { params: { uuid }, payload: { provider_ids: providerIds } },
            { decodeAs: detailOf({ kind, uuid }) },
          ),
        withdrawOffer: (kind, uuid, offer, reason) =>
          callEndpoint(
            api,
            REQUEST_APIS[kind].endpoints.withdrawOffer,
            { params: { uuid, offer }, payload: { reason } },
            { decodeAs: detailOf({ kind, uuid }) },
          ),
        offerProviders: (kind, uuid, providerIds, reason) =>
          callEndpoint(
            api,
            REQUEST_APIS[kind].endpoints.offerProviders,
            { params: { uuid }, payload: { provider_ids: providerIds, reason } },
            { decodeAs: detailOf({ kind, uuid }) },
          ),
        providers: (query) => callEndpoint(api, providersApi.endpoints.list, { query }),
        summary: callEndpoint(api, dashboardApi.endpoints.summary, {}),
      })
    }),
  )
}
