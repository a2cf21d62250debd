import { setup } from "xstate"
import { bulkReviewMachine } from "./bulk-review.machine"
import { dashboardMachine } from "./dashboard.machine"
import { notificationsMachine } from "./notifications.machine"
import { pagedListMachine } from "./paged-list.machine"
import { preferencesMachine } from "./preferences.machine"
import { profileMachine } from "./profile.machine"
import { pushMachine } from "./push.machine"
import { reviewMachine } from "./review.machine"
import { selectProvidersMachine } from "./select-providers.machine"
import { sessionWatch } from "./session-watch"
import { sidebarMachine } from "./sidebar.machine"
import { socketMachine } from "./socket.machine"
import { SYSTEM_IDS } from "./system-ids"

/**
 * Everything that only matters once someone has signed in. The root starts it, in the same actor system,
 * from a chunk loaded after the first sign-in, which keeps these machines and their schemas out of the sign-in
 * page's JavaScript. It outlives a sign-out: sessionWatch stops the socket and the notifications then, and
 * starts them again on the next sign-in.
 */
export const sessionMachine = setup({
  actors: {
    sidebar: sidebarMachine,
    profile: profileMachine,
    dashboard: dashboardMachine,
    notifications: notificationsMachine,
    socket: socketMachine,
    sessionWatch,
    push: pushMachine,
    preferences: preferencesMachine,
    // Not invoked here: per-page machines are registered only so that src/effects provides their actors
    // once, and each page starts its own instance from these implementations (page-logic.ts).
    pagedList: pagedListMachine,
    review: reviewMachine,
    selectProviders: selectProvidersMachine,
    bulkReview: bulkReviewMachine,
  },
}).createMachine({
  id: "session",
  invoke: [
    { id: SYSTEM_IDS.sidebar, systemId: SYSTEM_IDS.sidebar, src: "sidebar" },
    { id: SYSTEM_IDS.profile, systemId: SYSTEM_IDS.profile, src: "profile" },
    { id: SYSTEM_IDS.dashboard, systemId: SYSTEM_IDS.dashboard, src: "dashboard" },
    { id: SYSTEM_IDS.notifications, systemId: SYSTEM_IDS.notifications, src: "notifications" },
    { id: SYSTEM_IDS.socket, systemId: SYSTEM_IDS.socket, src: "socket" },
    { id: SYSTEM_IDS.push, systemId: SYSTEM_IDS.push, src: "push" },
    { id: SYSTEM_IDS.preferences, systemId: SYSTEM_IDS.preferences, src: "preferences" },
    // Last: it looks up auth, socket and notifications, so they must exist when it starts.
    { id: SYSTEM_IDS.sessionWatch, systemId: SYSTEM_IDS.sessionWatch, src: "sessionWatch" },
  ],
})
