import { Suspense, useEffect } from "react"
import { lazyPart } from "../shared/lazy-page"
import { useSupport, useSupportSend } from "./support-hooks"

// Always mounted and tiny: the shortcut, and what shows while the panel is open (./SupportOpen.tsx) once someone
// opens it. Whether they may is the support machine's decision (admins, or a page started with `?support`).
const SupportOpen = lazyPart(() => import("./SupportOpen"))

export const isSupportShortcut = (
  e: Pick<KeyboardEvent, "ctrlKey" | "shiftKey" | "altKey" | "key">,
): boolean => e.ctrlKey && e.shiftKey && !e.altKey && e.key.toLowerCase() === "s"

export function SupportRoot() {
  const open = useSupport((v) => v.open)
  const allowed = useSupport((v) => v.allowed)
  const send = useSupportSend()

  // Fetched as soon as this user may open it, with the panel, so that it still opens once the network is gone.
  useEffect(() => {
    if (allowed) void SupportOpen.preload()
  }, [allowed])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSupportShortcut(e)) return
      e.preventDefault()
      send({ type: "support.toggle" })
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [send])

  if (!open) return null
  return (
    <Suspense fallback={null}>
      <SupportOpen />
    </Suspense>
  )
}
