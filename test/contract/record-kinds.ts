// The record kinds as the contract tests see them, one table for every test: each kind's calls are its group
// in the API description (src/schema/api), so a path is built from there and never typed out in a test.
import { Schema } from "effect"
import { expect } from "vitest"
import { applicationsApi } from "../../src/schema/api/applications"
import { type EndpointSpec, fillPath } from "../../src/schema/api/endpoint"
import { maintenanceRequestsApi, workRequestsApi } from "../../src/schema/api/requests"
import {
  CompanyApplicationDetail,
  MaintenanceRequestDetail,
  WorkRequestDetail,
} from "../../src/schema/marketplace/marketplace"
import {
  CompanyApplicationPage,
  MaintenanceRequestPage,
  WorkRequestPage,
} from "../../src/schema/marketplace/record-pages"

export const WORK = {
  kind: "work",
  api: workRequestsApi.endpoints,
  Page: WorkRequestPage,
  Detail: WorkRequestDetail,
  /** The call that decides a pending record positively. */
  decideCall: workRequestsApi.endpoints.approve,
} as const

export const MAINTENANCE = {
  kind: "maintenance",
  api: maintenanceRequestsApi.endpoints,
  Page: MaintenanceRequestPage,
  Detail: MaintenanceRequestDetail,
  decideCall: maintenanceRequestsApi.endpoints.approve,
} as const

export const APPLICATION = {
  kind: "application",
  api: applicationsApi.endpoints,
  Page: CompanyApplicationPage,
  Detail: CompanyApplicationDetail,
  decideCall: applicationsApi.endpoints.accept,
} as const

export const REQUEST_KINDS = [WORK, MAINTENANCE] as const
export const RECORD_KINDS = [WORK, MAINTENANCE, APPLICATION] as const

/** The endpoint's path with `:uuid` filled in, e.g. `/api/v1/work-requests/<uuid>/approve/`. */
export const pathOf = (endpoint: EndpointSpec, uuid?: string): string =>
  fillPath(endpoint.path, uuid === undefined ? undefined : { uuid })

type Kind = (typeof RECORD_KINDS)[number]

/** A reader of one kind's list with these query parameters, 100 rows a page, decoded with its page schema. */
export const listReader =
  <K extends Kind>(get: (path: string, token?: string) => Promise<Response>, kind: K, token: string) =>
  async (query: string): Promise<K["Page"]["Type"]> => {
    const response = await get(`${kind.api.list.path}?page_size=100&${query}`, token)
    const text = await response.text()
    expect(response.status, text).toBe(200)
    return Schema.decodeUnknownSync(kind.Page)(JSON.parse(text))
  }
