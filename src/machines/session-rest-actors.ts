import { bulkReviewMachine } from "./bulk-review.machine"
import { claimMachine } from "./claim.machine"
import { documentsMachine } from "./documents/documents.machine"
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
import { socketMachine } from "./socket.machine"

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
  documents: documentsMachine,
} as const
