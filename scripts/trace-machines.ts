import type { AnyStateMachine } from "xstate"
import { appMachine } from "../src/machines/app.machine"
import { authMachine } from "../src/machines/auth.machine"
import { bulkReviewMachine } from "../src/machines/bulk-review.machine"
import { dashboardMachine } from "../src/machines/dashboard.machine"
import { notificationsMachine } from "../src/machines/notifications.machine"
import { pagedListMachine } from "../src/machines/paged-list.machine"
import { preferencesMachine } from "../src/machines/preferences.machine"
import { profileMachine } from "../src/machines/profile.machine"
import { pushMachine } from "../src/machines/push.machine"
import { refreshMachine } from "../src/machines/refresh.machine"
import { reviewMachine } from "../src/machines/review.machine"
import { selectProvidersMachine } from "../src/machines/select-providers.machine"
import { sessionMachine } from "../src/machines/session.machine"
import { sidebarMachine } from "../src/machines/sidebar.machine"
import { socketMachine } from "../src/machines/socket.machine"
import { supportMachine } from "../src/machines/support.machine"
import { uiPreferencesMachine } from "../src/machines/ui-preferences.machine"

/** The real machines replay runs, by the machine id a trace records. A machine missing here is reported, not run. */
export const MACHINES: ReadonlyMap<string, AnyStateMachine> = new Map(
  [
    appMachine,
    authMachine,
    bulkReviewMachine,
    dashboardMachine,
    notificationsMachine,
    pagedListMachine,
    preferencesMachine,
    profileMachine,
    pushMachine,
    refreshMachine,
    reviewMachine,
    selectProvidersMachine,
    sessionMachine,
    sidebarMachine,
    socketMachine,
    supportMachine,
    uiPreferencesMachine,
  ].map((machine): [string, AnyStateMachine] => [machine.id, machine as AnyStateMachine]),
)
