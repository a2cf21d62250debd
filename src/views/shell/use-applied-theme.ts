import { useEffect } from "react"
import { effectiveTheme } from "../../machines/shell/ui-preferences.machine"
import { useUiPreferences } from "./ui-hooks"

/** Applies the chosen theme to the document; the theme contract reads it from <html data-theme>. */
export function useAppliedTheme() {
  const theme = useUiPreferences(effectiveTheme)
  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])
}
