import { setup } from "xstate"
import { authMachine } from "./auth.machine"
import { profileMachine } from "./profile.machine"
import { refreshMachine } from "./refresh.machine"
import { sidebarMachine } from "./sidebar.machine"
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
  ],
})
