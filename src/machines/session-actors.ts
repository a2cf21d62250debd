import { bulkReviewMachine } from "./bulk-review.machine"
import { claimMachine } from "./claim.machine"
import { dashboardMachine } from "./dashboard.machine"
import { inboxPageMachine } from "./inbox-page.machine"
import { liveRecordsMachine } from "./live-records.machine"
import { notificationsMachine } from "./notifications.machine"
import { pagedListMachine } from "./paged-list.machine"
import { paletteMachine } from "./palette.machine"
import { preferencesMachine } from "./preferences.machine"
import { presenceMachine } from "./presence.machine"
import { profileMachine } from "./profile.machine"
import { pushMachine } from "./push.machine"
import { reviewMachine } from "./review.machine"
import { selectProvidersMachine } from "./select-providers.machine"
import { sidebarMachine } from "./sidebar.machine"
import { socketMachine } from "./socket.machine"

// The signed-in part of the registry (registry.ts): loaded in the session chunk after sign-in.

/** The actors the session runs for as long as it lives, by systemId. */
export const SESSION_ACTORS = {
  sidebar: sidebarMachine,
  profile: profileMachine,
  dashboard: dashboardMachine,
  notifications: notificationsMachine,
  socket: socketMachine,
  push: pushMachine,
  preferences: preferencesMachine,
  liveRecords: liveRecordsMachine,
  presence: presenceMachine,
} as const

/** The machines a page starts as a child of the session while it is shown. */
export const PAGE_MACHINES = {
  pagedList: pagedListMachine,
  review: reviewMachine,
  selectProviders: selectProvidersMachine,
  bulkReview: bulkReviewMachine,
  inbox: inboxPageMachine,
  claim: claimMachine,
  palette: paletteMachine,
} as const
