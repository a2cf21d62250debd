import { useSelector } from "@xstate/react"
import { useLayoutEffect } from "react"
import * as ui from "../shared/ui.css"
import { useOptionalActor } from "../system/app-context"
import { useSignInFlows } from "./SignInFlowsGate"

/** One line on the sign-in page while the demo accounts (passwords in the README) can sign in. */
export function DemoNotice() {
  // The notice's machine comes with the sign-in flows, after the page has painted: until then, no line.
  const flows = useSignInFlows()
  const ref = useOptionalActor("signInNotice")
  const demo = useSelector(ref, (s) => s?.context.demoAccounts ?? false)
  // Asked in the commit that first has the machine: its answer (index.html's inline script asked for it early)
  // is then drawn in the same frame as the rest of the form's late parts, not a task or two later.
  useLayoutEffect(() => ref?.send({ type: "signInNotice.load" }), [ref])
  if (flows !== "ready" || !demo) return null
  return (
    <p className={ui.muted} role="note">
      This server has the demo accounts, whose passwords are published: for trying the app, not for a real
      team.
    </p>
  )
}
