import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from "react"
import type { StateValue } from "xstate"
import { PART_RETRY_MS } from "../../constants"
import { onDemand } from "../../effects/system/load-chunk"
import { lookupRest } from "../../machines/system/registry"
import { useSystemActor } from "../system/app-context"
import { followRest } from "../system/follow-rest"

export type LiveParts = typeof import("./live-parts")

let loaded: LiveParts | null = null

/** Fetches the top bar's live parts once; a failed download is tried again until one arrives. */
export const loadLiveParts = onDemand(
  () => import("./live-parts").then((parts) => (loaded = parts)),
  PART_RETRY_MS,
)

/**
 * Whether a machine's state value is in this top-level state. What `matches` says for a plain name, without
 * parsing the name as a state path on each call: this store is read on every change of the session and of the
 * rest, by each of its readers, several times for each live notification in every open tab.
 */
const atTop = (value: StateValue, state: string): boolean =>
  typeof value === "string" ? value === state : state in value

/**
 * Where the rest of the session is: loading (or not yet asked for, or still starting its actors one by one),
 * running (every one of them started), or failed to load.
 */
export function useRestState(): "loading" | "running" | "failed" {
  const session = useSystemActor("session")
  const subscribe = useCallback((changed: () => void) => followRest(session, changed), [session])
  return useSyncExternalStore(subscribe, () => {
    if (atTop(session.getSnapshot().value, "failed")) return "failed"
    const rest = lookupRest(session)
    return rest && atTop(rest.getSnapshot().value, "running") ? "running" : "loading"
  })
}

/** The live parts of the top bar once the rest of the session runs and their code is here; null until then. */
export function useLiveParts(): LiveParts | null {
  const running = useRestState() === "running"
  const [parts, setParts] = useState(loaded)
  useEffect(() => {
    if (!running || parts) return
    let mounted = true
    // Drawn in a transition: the bell, the palette and the rest render in slices between the browser's other
    // work instead of in one long task just after the first paint. Their going (a sign-out) stays immediate.
    void loadLiveParts().then((m) => mounted && startTransition(() => setParts(m)))
    return () => {
      mounted = false
    }
  }, [running, parts])
  return running ? parts : null
}
