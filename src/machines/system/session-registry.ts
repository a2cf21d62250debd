import { dashboardMachine } from "../dashboard/dashboard.machine"
import { sidebarMachine } from "../shell/sidebar.machine"

// The signed-in part of the registry (registry.ts) that the first paint needs: loaded in the session chunk
// after sign-in. Everything else waits until the page has shown (session-rest-registry.ts).

/** The actors the session runs from its start, by systemId. */
export const SESSION_ACTORS = {
  sidebar: sidebarMachine,
  dashboard: dashboardMachine,
} as const
