import { useSelector } from "@xstate/react"
import { type ReactNode, useEffect } from "react"
import { Redirect } from "wouter"
import type { ActorRef, Snapshot } from "xstate"
import type { LinkFormContext, LinkState } from "../../machines/accounts/link-form.machine"
import { linkTo } from "../../schema/system/app-routes"
import { LoadingScreen } from "../shared/Spinner"
import * as ui from "../shared/ui.css"
import { useAuth } from "../system/app-context"

/** What the gate needs of a link's machine (src/machines/accounts/link-form.machine.ts), of either kind. */
type LinkRef = ActorRef<
  Snapshot<unknown> & { readonly value: unknown; readonly context: LinkFormContext },
  { type: "link.open"; token: string }
>

/**
 * A page a link opens with its token (an invitation, a password reset): asks the server what the link is, and
 * shows its form only while the link is open; a closed link gets its own sentence, a failed check a retry,
 * and once the form has signed the person in, the dashboard.
 */
export function LinkGate({
  link,
  token,
  closed,
  children,
}: {
  link: LinkRef
  token: string
  closed: (state: Exclude<LinkState, "open">) => ReactNode
  children: ReactNode
}) {
  const state = useSelector(link, (s) => String(s.value))
  const linkState = useSelector(link, (s) => s.context.linkState)
  const error = useSelector(link, (s) => s.context.error)
  const signedIn = useAuth((ctx) => ctx.status === "AUTHENTICATED")
  useEffect(() => link.send({ type: "link.open", token }), [link, token])

  if (state === "done" && signedIn) return <Redirect to={linkTo.dashboard} replace />
  if (state === "idle" || state === "checking" || state === "done") return <LoadingScreen />
  if (state === "unreachable")
    return (
      <main className={ui.centered} role="alert">
        <p>{error}</p>
        <button
          type="button"
          className={ui.button.primary}
          onClick={() => link.send({ type: "link.open", token })}
        >
          Try again
        </button>
      </main>
    )
  if (state === "closed" && linkState && linkState !== "open") return closed(linkState)
  return children
}
