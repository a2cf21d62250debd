import { assign, fromCallback, setup } from "xstate"

export type ThemeChoice = "light" | "dark" | "system"
export const THEME_CHOICES: ReadonlyArray<ThemeChoice> = ["light", "dark", "system"]

export type UiPreferencesEvent =
  | { type: "ui.chooseTheme"; choice: ThemeChoice }
  | { type: "ui.systemScheme"; dark: boolean }
  | { type: "ui.dismissTermsBanner" }

export interface UiPreferencesContext {
  theme: ThemeChoice
  systemDark: boolean
  termsBannerDismissed: boolean
}

export interface UiPreferencesInput {
  theme: ThemeChoice
  systemDark: boolean
  termsBannerDismissed: boolean
}

/** The theme actually applied: a 'system' choice follows the browser's colour scheme. */
export const effectiveTheme = (ctx: UiPreferencesContext): "light" | "dark" =>
  ctx.theme === "system" ? (ctx.systemDark ? "dark" : "light") : ctx.theme

export const uiPreferencesMachine = setup({
  types: {
    context: {} as UiPreferencesContext,
    events: {} as UiPreferencesEvent,
    input: {} as UiPreferencesInput,
  },
  actors: {
    // Follows the browser's prefers-color-scheme; the real one is in src/effects/shell/ui-preferences.actors.ts.
    watchColorScheme: fromCallback<UiPreferencesEvent>(() => () => {}),
  },
  actions: {
    // Persistence is IO: the implementations are provided from src/effects/shell/ui-preferences.actors.ts.
    persistTheme: (_: unknown, _params: { choice: ThemeChoice }) => {},
    persistBannerDismissed: () => {},
  },
}).createMachine({
  id: "uiPreferences",
  context: ({ input }) => ({ ...input }),
  invoke: { id: "colorScheme", src: "watchColorScheme" },
  on: {
    "ui.chooseTheme": {
      actions: [
        assign({ theme: ({ event }) => event.choice }),
        { type: "persistTheme", params: ({ event }) => ({ choice: event.choice }) },
      ],
    },
    "ui.systemScheme": { actions: assign({ systemDark: ({ event }) => event.dark }) },
    "ui.dismissTermsBanner": {
      actions: [assign({ termsBannerDismissed: true }), "persistBannerDismissed"],
    },
  },
})
