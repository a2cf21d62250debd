import { memo, useSyncExternalStore } from "react"
import type { SHELL_ICONS, ShellIconName } from "./shell-icons"

// An icon of the signed-in layout, drawn once the icons' chunk (./shell-icons.ts) has arrived; until then an
// empty box of the same size holds its place, so nothing moves when it comes. Icons are decoration here: every
// control that shows one is named by its label.

let icons: typeof SHELL_ICONS | null = null
let loading: Promise<void> | null = null
const waiting = new Set<() => void>()

/** Fetches the icons (once; a failure, offline, lets the next glyph try again). */
export function loadGlyphs(): Promise<void> {
  loading ??= import("./shell-icons").then(
    (m) => {
      icons = m.SHELL_ICONS
      for (const changed of waiting) changed()
    },
    () => {
      loading = null
    },
  )
  return loading
}

const subscribe = (changed: () => void) => {
  waiting.add(changed)
  void loadGlyphs()
  return () => {
    waiting.delete(changed)
  }
}
const current = () => icons

/** Drawn again only when its props change: a bell's badge or a row's count changing beside it leaves it be. */
export const Glyph = memo(function Glyph({
  name,
  size,
  className,
}: {
  name: ShellIconName
  size: number
  className?: string
}) {
  const Icon = useSyncExternalStore(subscribe, current)?.[name]
  if (Icon) return <Icon className={className} size={size} aria-hidden="true" />
  return (
    <span
      className={className}
      style={{ display: "inline-block", width: size, height: size }}
      aria-hidden="true"
    />
  )
})
