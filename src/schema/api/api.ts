import { adminSendApi } from "./admin-send"
import { applicationsApi } from "./applications"
import { authApi } from "./auth"
import { dashboardApi } from "./dashboard"
import { intakeApi } from "./intake"
import { notificationsApi } from "./notifications"
import { preferencesApi } from "./preferences"
import { providersApi } from "./providers"
import { pushApi } from "./push"
import { maintenanceRequestsApi, workRequestsApi } from "./requests"
import { socketApi } from "./socket"

// Every group of the API, in the order the reference page shows them. Adding an endpoint is one entry in its
// group's file; adding a group is one file and one line here. The server registers every endpoint from these
// records and a test fails when a route and the description disagree.

export const API_GROUPS = [
  authApi,
  applicationsApi,
  workRequestsApi,
  maintenanceRequestsApi,
  providersApi,
  dashboardApi,
  intakeApi,
  notificationsApi,
  preferencesApi,
  pushApi,
  adminSendApi,
  socketApi,
] as const

export const API_TITLE = "Maintenance marketplace back office API"
export const API_VERSION = "1"
