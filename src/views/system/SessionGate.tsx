import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import { LoadFailedScreen } from "../shared/LoadFailedScreen"
import { LoadingScreen } from "../shared/Spinner"
import { useAppActor } from "./app-context"

/**
 * The signed-in pages need the session's actors (notifications, socket, dashboard, …), which arrive in their
 * own chunk after sign-in: until they run, a spinner; if their chunk failed, the reason and a retry.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const app = useAppActor()
  const state = useSelector(app, (s) =>
    s.matches({ session: "ready" }) ? "ready" : s.matches({ session: "failed" }) ? "failed" : "loading",
  )
  const error = useSelector(app, (s) => s.context.sessionError)
  if (state === "ready") return children
  if (state === "loading") return <LoadingScreen />
  return <LoadFailedScreen error={error} onRetry={() => app.send({ type: "session.retry" })} />
}
