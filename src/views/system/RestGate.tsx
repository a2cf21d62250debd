import { useSelector } from "@xstate/react"
import { type ReactNode, useEffect } from "react"
import { LoadFailedScreen } from "../shared/LoadFailedScreen"
import { LoadingScreen } from "../shared/Spinner"
import { useRestState } from "../shell/live-parts-hooks"
import { useSystemActor } from "./app-context"

/**
 * A signed-in page that needs the rest of the session (its own machine, the notifications, presence …), which
 * starts after the first paint: until it runs, a spinner; if its chunk failed, the reason and a retry.
 */
export function RestGate({ children }: { children: ReactNode }) {
  const session = useSystemActor("session")
  const state = useRestState()
  const error = useSelector(session, (s) => s.context.restError)
  // Work ahead of need waits for the summary to show (preload-hooks.ts); this page is not ahead of need, and
  // a slow summary must not hold it.
  useEffect(() => {
    if (state === "loading") session.send({ type: "session.shown" })
  }, [session, state])
  if (state === "running") return children
  if (state === "loading") return <LoadingScreen />
  return <LoadFailedScreen error={error} onRetry={() => session.send({ type: "session.retry" })} />
}
