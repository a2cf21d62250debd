import type { RefOf } from "../../machines/system/registry"
import { lookupRest } from "../../machines/system/registry"

/**
 * Calls `changed` on every change of the session and, once it has spawned it, of the rest of the session (which
 * starts after the first paint, session.machine.ts); returns the unsubscribe. For useSyncExternalStore.
 */
export function followRest(session: RefOf<"session">, changed: () => void): () => void {
  let rest: { unsubscribe: () => void } | null = null
  const follow = () => {
    rest ??= lookupRest(session)?.subscribe(changed) ?? null
  }
  follow()
  const sub = session.subscribe(() => {
    follow()
    changed()
  })
  return () => {
    sub.unsubscribe()
    rest?.unsubscribe()
  }
}
