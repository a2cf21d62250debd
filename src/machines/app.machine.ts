import { setup } from "xstate"
import { authMachine } from "./auth.machine"
import { bulkReviewMachine } from "./bulk-review.machine"
import { dashboardMachine } from "./dashboard.machine"
import { notificationsMachine } from "./notifications.machine"
import { pagedListMachine } from "./paged-list.machine"
import { profileMachine } from "./profile.machine"
import { refreshMachine } from "./refresh.machine"
import { reviewMachine } from "./review.machine"
import { selectProvidersMachine } from "./select-providers.machine"
import { sessionWatch } from "./session-watch"
import { sidebarMachine } from "./sidebar.machine"
import { socketMachine } from "./socket.machine"
import { SYSTEM_IDS } from "./system-ids"
import { type UiPreferencesInput, uiPreferencesMachine } from "./ui-preferences.machine"

export interface AppInput {
  ui: UiPreferencesInput
}

/**
 * The root of the one actor system: it runs every long-lived machine under its systemId,
 * so actors and views find each other with `system.get`.
 */
export const appMachine = setup({
  types: { input: {} as AppInput, context: {} as AppInput },
  actors: {
    auth: authMachine,
    refresh: refreshMachine,
    profile: profileMachine,
    sidebar: sidebarMachine,
    uiPreferences: uiPreferencesMachine,
    dashboard: dashboardMachine,
    notifications: notificationsMachine,
    socket: socketMachine,
    sessionWatch,
    // Not invoked here: per-page machines are registered on the root only so that src/effects provides their
    // actors once, and each page starts its own instance from the root's implementations (page-logic.ts).
    pagedList: pagedListMachine,
    review: reviewMachine,
    selectProviders: selectProvidersMachine,
    bulkReview: bulkReviewMachine,
  },
}).createMachine({
  id: "app",
  context: ({ input }) => input,
  // The refresh queue is listed first so that it exists before anything can ask it for a token.
  invoke: [
    { id: SYSTEM_IDS.refresh, systemId: SYSTEM_IDS.refresh, src: "refresh" },
    { id: SYSTEM_IDS.auth, systemId: SYSTEM_IDS.auth, src: "auth" },
    { id: SYSTEM_IDS.profile, systemId: SYSTEM_IDS.profile, src: "profile" },
    { id: SYSTEM_IDS.sidebar, systemId: SYSTEM_IDS.sidebar, src: "sidebar" },
    {
      id: SYSTEM_IDS.uiPreferences,
      systemId: SYSTEM_IDS.uiPreferences,
      src: "uiPreferences",
      input: ({ context }) => context.ui,
    },
    { id: SYSTEM_IDS.dashboard, systemId: SYSTEM_IDS.dashboard, src: "dashboard" },
    { id: SYSTEM_IDS.notifications, systemId: SYSTEM_IDS.notifications, src: "notifications" },
    { id: SYSTEM_IDS.socket, systemId: SYSTEM_IDS.socket, src: "socket" },
    // Last: it looks up auth, socket and notifications, so they must exist when it starts.
    { id: SYSTEM_IDS.sessionWatch, systemId: SYSTEM_IDS.sessionWatch, src: "sessionWatch" },
  ],
})
