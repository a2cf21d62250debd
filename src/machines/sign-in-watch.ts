import { type ActorRefFrom, fromCallback } from "xstate"
import type { authMachine } from "./auth.machine"
import { SYSTEM_IDS } from "./system-ids"

export type SignInWatchEvent = { type: "auth.signedIn" }

/** Tells the root when someone is signed in, so the signed-in actors load then and not before. */
export const signInWatch = fromCallback<{ type: "never" }, void, SignInWatchEvent>(({ system, sendBack }) => {
  const auth = system.get(SYSTEM_IDS.auth) as ActorRefFrom<typeof authMachine> | undefined
  if (!auth) return () => {}
  let signedIn = false
  const follow = () => {
    const now = auth.getSnapshot().context.isAuthenticated
    if (now && !signedIn) sendBack({ type: "auth.signedIn" })
    signedIn = now
  }
  follow()
  const sub = auth.subscribe(follow)
  return () => sub.unsubscribe()
})
