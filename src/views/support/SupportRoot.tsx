import { lazy, Suspense, useEffect } from "react"
import { useSupport, useSupportSend } from "./support-hooks"

// Always mounted and tiny: the shortcut, and the panel's own chunk once someone opens it. Whether they may is
// the support machine's decision (admins, or a page started with `?support`).
const SupportPanel = lazy(() => import("./SupportPanel"))

export const isSupportShortcut = (
  e: Pick<KeyboardEvent, "ctrlKey" | "shiftKey" | "altKey" | "key">,
): boolean => e.ctrlKey && e.shiftKey && !e.altKey && e.key.toLowerCase() === "s"

export function SupportRoot() {
  const open = useSupport((v) => v.open)
  const send = useSupportSend()

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
      <SupportPanel />
    </Suspense>
  )
}
