import { fromCallback } from "xstate"
import { LAYOUT, TERMS_OF_SERVICE } from "../../constants"
import type { SidebarEvent } from "../../machines/shell/sidebar.machine"
import type { ThemeChoice, UiPreferencesEvent, UiPreferencesInput } from "../../machines/shell/ui-preferences.machine"
import { THEME_CHOICES } from "../../machines/shell/ui-preferences.machine"

const THEME_KEY = "theme"
const narrowQuery = `(max-width: ${LAYOUT.mobileBreakpointPx - 1}px)`

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage
  } catch {
    return null
  }
}

function media(query: string): MediaQueryList | null {
  return typeof window === "undefined" || !window.matchMedia ? null : window.matchMedia(query)
}

/** Sends the current viewport at once and on every crossing of the mobile breakpoint. */
export const watchViewport = fromCallback<SidebarEvent>(({ sendBack }) => {
  const mq = media(narrowQuery)
  if (!mq) return () => {}
  const report = () => sendBack({ type: "sidebar.viewport", narrow: mq.matches })
  report()
  mq.addEventListener("change", report)
  return () => mq.removeEventListener("change", report)
})

export const watchColorScheme = fromCallback<UiPreferencesEvent>(({ sendBack }) => {
  const mq = media("(prefers-color-scheme: dark)")
  if (!mq) return () => {}
  const report = () => sendBack({ type: "ui.systemScheme", dark: mq.matches })
  mq.addEventListener("change", report)
  return () => mq.removeEventListener("change", report)
})

/** What the UI preferences start from: the remembered choices and the browser's scheme. */
export function readUiPreferences(): UiPreferencesInput {
  const store = storage()
  const saved = store?.getItem(THEME_KEY)
  const theme = THEME_CHOICES.find((c) => c === saved) ?? "system"
  return {
    theme,
    systemDark: media("(prefers-color-scheme: dark)")?.matches ?? false,
    termsBannerDismissed: store?.getItem(TERMS_OF_SERVICE.dismissedStorageKey) === "1",
  }
}

export const uiPreferenceActions = {
  persistTheme: (_: unknown, params: { choice: ThemeChoice }) => storage()?.setItem(THEME_KEY, params.choice),
  persistBannerDismissed: () => storage()?.setItem(TERMS_OF_SERVICE.dismissedStorageKey, "1"),
}
