// The record kinds as the contract tests see them, one table for every test: each kind's calls are its group
// in the API description (src/schema/api), so a path is built from there and never typed out in a test.
import { applicationsApi } from "../../src/schema/api/applications"
import { type EndpointSpec, fillPath } from "../../src/schema/api/endpoint"
import { maintenanceRequestsApi, workRequestsApi } from "../../src/schema/api/requests"
import {
  CompanyApplicationDetail,
  CompanyApplicationPage,
  MaintenanceRequestDetail,
  MaintenanceRequestPage,
  WorkRequestDetail,
  WorkRequestPage,
} from "../../src/schema/marketplace/marketplace"

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
