import { lazy, Suspense } from "react"
import { useSupport } from "./support-hooks"

// Most visits may never open the support panel (a signed-out visitor without `?support`, every coordinator), so
// even its shortcut's code is fetched only once this user may open it: a /login visit downloads none of it.
// Should that fetch fail (offline at that moment), the panel is simply not offered: the page never breaks for it.
const SupportRoot = lazy(() =>
  import("./SupportRoot").then(
    (m) => ({ default: m.SupportRoot }),
    () => ({ default: () => null }),
  ),
)

export function SupportGate() {
  const allowed = useSupport((v) => v.allowed)
  if (!allowed) return null
  return (
    <Suspense fallback={null}>
      <SupportRoot />
    </Suspense>
  )
}
