import { memo } from "react"
import { useShellIcon } from "./glyph-hooks"
import type { ShellIconName } from "./shell-icons"

// An icon of the signed-in layout, drawn once the icons' chunk has arrived (./glyph-hooks.ts); until then an
// empty box of the same size holds its place, so nothing moves when it comes. Icons are decoration here: every
// control that shows one is named by its label.

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
  const Icon = useShellIcon(name)
  if (Icon) return <Icon className={className} size={size} aria-hidden="true" />
  return (
    <span
      className={className}
      style={{ display: "inline-block", width: size, height: size }}
      aria-hidden="true"
    />
  )
})
