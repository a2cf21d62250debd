import { describe, expect, it, vi } from "vitest"
import { fromCallback } from "xstate"
import { getSimplePaths } from "xstate/graph"
import {
  effectiveTheme,
  type UiPreferencesContext,
  type UiPreferencesEvent,
  uiPreferencesMachine,
} from "../../../src/machines/shell/ui-preferences.machine"
import { recordedActor } from "../coverage"

const input = { theme: "system" as const, systemDark: false, termsBannerDismissed: false }
const events: UiPreferencesEvent[] = [
  { type: "ui.chooseTheme", choice: "light" },
  { type: "ui.chooseTheme", choice: "dark" },
  { type: "ui.chooseTheme", choice: "system" },
  { type: "ui.systemScheme", dark: true },
  { type: "ui.systemScheme", dark: false },
  { type: "ui.dismissTermsBanner" },
]

function make() {
  const persistTheme = vi.fn()
  const persistBannerDismissed = vi.fn()
  const machine = uiPreferencesMachine.provide({
    actors: { watchColorScheme: fromCallback(() => () => {}) },
    actions: { persistTheme: (_, p) => persistTheme(p.choice), persistBannerDismissed },
  })
  return { machine, persistTheme, persistBannerDismissed }
}

describe("UI preferences paths", () => {
  const { machine } = make()
  const serializeState = (s: { context: UiPreferencesContext }) => JSON.stringify(s.context)
  const paths = getSimplePaths(machine, { events, serializeState, input })

  it("reaches every combination of theme, scheme and banner", () => {
    expect(new Set(paths.map((p) => serializeState(p.state))).size).toBe(3 * 2 * 2)
  })

  for (const path of paths.filter((p) => p.steps.length <= 3)) {
    it(path.steps.map((s) => s.event.type).join(" → "), () => {
      const { machine: m, persistTheme, persistBannerDismissed } = make()
      const actor = recordedActor(m, { input }).start()
      for (const step of path.steps.slice(1)) actor.send(step.event)
      const ctx = actor.getSnapshot().context
      expect(ctx).toEqual(path.state.context)
      // Each choice is remembered as it is made; the banner's dismissal likewise.
      const chosen = path.steps.filter((s) => s.event.type === "ui.chooseTheme").length
      expect(persistTheme).toHaveBeenCalledTimes(chosen)
      expect(persistBannerDismissed).toHaveBeenCalledTimes(
        path.steps.filter((s) => s.event.type === "ui.dismissTermsBanner").length,
      )
      expect(effectiveTheme(ctx)).toBe(
        ctx.theme === "system" ? (ctx.systemDark ? "dark" : "light") : ctx.theme,
      )
    })
  }
})
