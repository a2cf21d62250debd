import { useSyncExternalStore } from "react"
import { PART_RETRY_MS } from "../../constants"
import { onDemand } from "../../effects/system/load-chunk"
import type { SHELL_ICONS, ShellIconName } from "./shell-icons"

// The signed-in layout's icons come in a chunk of their own (./shell-icons.ts), asked for by the first glyph
// drawn; every glyph draws again once it has arrived.

let icons: typeof SHELL_ICONS | null = null
const waiting = new Set<() => void>()

/** Fetches the icons once; a failed download (offline) is tried again until one arrives. */
export const loadGlyphs = onDemand(
  () =>
    import("./shell-icons").then((m) => {
      icons = m.SHELL_ICONS
      for (const changed of waiting) changed()
    }),
  PART_RETRY_MS,
)

const subscribe = (changed: () => void) => {
  waiting.add(changed)
  void loadGlyphs()
  return () => {
    waiting.delete(changed)
  }
}
const current = () => icons

/** The icon of this name, or null until the icons' chunk has arrived. */
export const useShellIcon = (name: ShellIconName) => useSyncExternalStore(subscribe, current)?.[name] ?? null
