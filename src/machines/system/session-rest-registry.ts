import { secondFactorMachine } from "../accounts/second-factor.machine"
import { secondFactorPolicyMachine } from "../accounts/second-factor-policy.machine"
import { staffMachine } from "../accounts/staff.machine"
import { userSettingsMachine } from "../accounts/user-settings.machine"
import { dayPlanMachine } from "../dashboard/day-plan.machine"
import { documentsMachine } from "../documents/documents.machine"
import { exportMachine } from "../exports/export.machine"
import { liveRecordsMachine } from "../live/live-records.machine"
import { presenceMachine } from "../live/presence.machine"
import { socketMachine } from "../live/socket.machine"
import { bulkReviewMachine } from "../marketplace/bulk-review.machine"
import { changeCourseMachine } from "../marketplace/change-course.machine"
import { claimMachine } from "../marketplace/claim.machine"
import { notesMachine } from "../marketplace/notes.machine"
import { pagedListMachine } from "../marketplace/paged-list.machine"
import { reviewMachine } from "../marketplace/review.machine"
import { savedViewsMachine } from "../marketplace/saved-views.machine"
import { selectProvidersMachine } from "../marketplace/select-providers.machine"
import { sharedViewsMachine } from "../marketplace/shared-views.machine"
import { inboxPageMachine } from "../notifications/inbox-page.machine"
import { notificationsMachine } from "../notifications/notifications.machine"
import { preferencesMachine } from "../preferences/preferences.machine"
import { profileMachine } from "../profile/profile.machine"
import { pushMachine } from "../push/push.machine"
import { reportsMachine } from "../reports/reports.machine"
import { paletteMachine } from "../shell/palette.machine"

// The part of the registry (registry.ts) that starts after the signed-in page has shown: loaded in its own
// chunk, after the first paint (session.machine.ts).

/** The actors the rest of the session runs for as long as it lives, by systemId. */
export const REST_ACTORS = {
  profile: profileMachine,
  notifications: notificationsMachine,
  socket: socketMachine,
  push: pushMachine,
  preferences: preferencesMachine,
  liveRecords: liveRecordsMachine,
  presence: presenceMachine,
  sharedViews: sharedViewsMachine,
} as const

/** The machines a page starts as a child of the rest of the session while it is shown. */
export const PAGE_MACHINES = {
  pagedList: pagedListMachine,
  review: reviewMachine,
  selectProviders: selectProvidersMachine,
  bulkReview: bulkReviewMachine,
  inbox: inboxPageMachine,
  claim: claimMachine,
  palette: paletteMachine,
  export: exportMachine,
  reports: reportsMachine,
  documents: documentsMachine,
  staff: staffMachine,
  userSettings: userSettingsMachine,
  secondFactor: secondFactorMachine,
  secondFactorPolicy: secondFactorPolicyMachine,
  savedViews: savedViewsMachine,
  dayPlan: dayPlanMachine,
  changeCourse: changeCourseMachine,
  notes: notesMachine,
} as const
