import { fromCallback } from "xstate"
import { TERMS_OF_SERVICE } from "../../constants"
import {
  THEME_CHOICES,
  type ThemeChoice,
  type UiPreferencesEvent,
  type UiPreferencesInput,
  uiPreferencesMachine,
} from "../../machines/shell/ui-preferences.machine"
import { media, watchMedia } from "./media"

const DARK = "(prefers-color-scheme: dark)"

const THEME_KEY = "theme"

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage
  } catch {
    return null
  }
}

const watchColorScheme = fromCallback<UiPreferencesEvent>(({ sendBack }) =>
  watchMedia(DARK, (dark) => sendBack({ type: "ui.systemScheme", dark })),
)

/** What the UI preferences start from: the remembered choices and the browser's scheme. */
export function readUiPreferences(): UiPreferencesInput {
  const store = storage()
  const saved = store?.getItem(THEME_KEY)
  const theme = THEME_CHOICES.find((c) => c === saved) ?? "system"
  return {
    theme,
    systemDark: media(DARK)?.matches ?? false,
    termsBannerDismissed: store?.getItem(TERMS_OF_SERVICE.dismissedStorageKey) === "1",
  }
}

const uiPreferenceActions = {
  persistTheme: (_: unknown, params: { choice: ThemeChoice }) => storage()?.setItem(THEME_KEY, params.choice),
  persistBannerDismissed: () => storage()?.setItem(TERMS_OF_SERVICE.dismissedStorageKey, "1"),
}

/** The UI preferences' machine with its IO: the browser's colour scheme and the remembered choices. */
export const provideUiPreferences = () =>
  uiPreferencesMachine.provide({ actors: { watchColorScheme }, actions: uiPreferenceActions })
