import { useSelector } from "@xstate/react"
import { type ReactNode, useEffect } from "react"
import { LoadFailedScreen } from "../shared/LoadFailedScreen"
import { LoadingScreen } from "../shared/Spinner"
import { useSystemActor } from "../system/app-context"

/** Asks for the signed-out pages' machines (they load on demand) and tells whether they run. */
export function useSignInFlows(): "ready" | "loading" | "failed" {
  const ref = useSystemActor("signInFlows")
  useEffect(() => ref.send({ type: "signInFlows.load" }), [ref])
  return useSelector(ref, (s) => (s.matches("ready") ? "ready" : s.matches("failed") ? "failed" : "loading"))
}

/**
 * A public account page (invitation, forgot or reset password) needs its machine, which arrives in the sign-in
 * flows' chunk: until it runs, a spinner; if that chunk failed, the reason and a retry.
 */
export function SignInFlowsGate({ children }: { children: ReactNode }) {
  const ref = useSystemActor("signInFlows")
  const state = useSignInFlows()
  const error = useSelector(ref, (s) => s.context.error)
  if (state === "ready") return children
  if (state === "loading") return <LoadingScreen />
  return <LoadFailedScreen error={error} onRetry={() => ref.send({ type: "signInFlows.retry" })} />
}
