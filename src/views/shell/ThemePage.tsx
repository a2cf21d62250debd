import { THEME_CHOICES, type ThemeChoice } from "../../machines/shell/ui-preferences.machine"
import * as ui from "../shared/ui.css"
import { useUiPreferences, useUiSend } from "./ui-hooks"

const LABELS: Record<ThemeChoice, string> = { light: "Light", dark: "Dark", system: "Same as my system" }

export default function ThemePage() {
  const theme = useUiPreferences((ctx) => ctx.theme)
  const send = useUiSend()
  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={ui.pageTitle}>
        Theme
      </h1>
      <fieldset className={ui.card}>
        <legend>Appearance</legend>
        {THEME_CHOICES.map((choice) => (
          <label key={choice} className={ui.field} style={{ display: "flex", gap: 8 }}>
            <input
              type="radio"
              name="theme"
              value={choice}
              checked={theme === choice}
              onChange={() => send({ type: "ui.chooseTheme", choice })}
            />
            {LABELS[choice]}
          </label>
        ))}
      </fieldset>
    </section>
  )
}
