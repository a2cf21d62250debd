import { accountsApi, accountsDocs } from "./accounts"
import { adminSendApi, adminSendDocs } from "./admin-send"
import { applicationsApi, applicationsDocs } from "./applications"
import { authApi, authDocs } from "./auth"
import { dashboardApi, dashboardDocs } from "./dashboard"
import { documentsApi, documentsDocs } from "./documents"
import type { GroupDocs, GroupSpec } from "./endpoint"
import { exportsApi, exportsDocs } from "./exports"
import { intakeApi, intakeDocs } from "./intake"
import { myAccountApi, myAccountDocs } from "./my-account"
import { notesApi, notesDocs } from "./notes"
import { notificationsApi, notificationsDocs } from "./notifications"
import { passkeysApi, passkeysDocs } from "./passkeys"
import { planningApi, planningDocs } from "./planning"
import { preferencesApi, preferencesDocs } from "./preferences"
import { providersApi, providersDocs } from "./providers"
import { pushApi, pushDocs } from "./push"
import { reportsApi, reportsDocs } from "./reports"
import {
  maintenanceRequestsApi,
  maintenanceRequestsDocs,
  workRequestsApi,
  workRequestsDocs,
} from "./requests"
import { savedViewsApi, savedViewsDocs } from "./saved-views"
import { searchApi, searchDocs } from "./search"
import { secondFactorApi, secondFactorDocs } from "./second-factor"
import { socketApi, socketDocs } from "./socket"
import { staffApi, staffDocs } from "./staff"

// Every group of the API, in the order the reference page shows them. Adding an endpoint is one record and
// its one-sentence summary, both in its group's file (the compiler asks for the summary and for the server's
// handler); adding a group is one file and one line here. A test fails when a route and the description
// disagree.

export interface DescribedGroup {
  readonly group: GroupSpec
  readonly docs: GroupDocs<GroupSpec>
}

export const API: ReadonlyArray<DescribedGroup> = [
  { group: authApi, docs: authDocs },
  { group: accountsApi, docs: accountsDocs },
  { group: staffApi, docs: staffDocs },
  { group: myAccountApi, docs: myAccountDocs },
  { group: secondFactorApi, docs: secondFactorDocs },
  { group: passkeysApi, docs: passkeysDocs },
  { group: applicationsApi, docs: applicationsDocs },
  { group: workRequestsApi, docs: workRequestsDocs },
  { group: maintenanceRequestsApi, docs: maintenanceRequestsDocs },
  { group: providersApi, docs: providersDocs },
  { group: dashboardApi, docs: dashboardDocs },
  { group: intakeApi, docs: intakeDocs },
  { group: documentsApi, docs: documentsDocs },
  { group: notificationsApi, docs: notificationsDocs },
  { group: preferencesApi, docs: preferencesDocs },
  { group: pushApi, docs: pushDocs },
  { group: adminSendApi, docs: adminSendDocs },
  { group: searchApi, docs: searchDocs },
  { group: exportsApi, docs: exportsDocs },
  { group: reportsApi, docs: reportsDocs },
  { group: savedViewsApi, docs: savedViewsDocs },
  { group: notesApi, docs: notesDocs },
  { group: planningApi, docs: planningDocs },
  { group: socketApi, docs: socketDocs },
]

export const API_GROUPS: ReadonlyArray<GroupSpec> = API.map((entry) => entry.group)

export const API_TITLE = "Maintenance marketplace back office API"
export const API_VERSION = "1"
