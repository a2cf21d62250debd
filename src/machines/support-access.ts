import { type ActorRefFrom, fromCallback } from "xstate"
import type { AuthContext, authMachine } from "./auth.machine"
import { SYSTEM_IDS } from "./system-ids"

export type SupportAccessEvent = { type: "support.user"; category: string | null }

/** Tells the support actor whose session this is, each time the signed-in user's category changes. */
export const supportAccess = fromCallback<{ type: "never" }, void, SupportAccessEvent>(
  ({ system, sendBack }) => {
    const auth = system.get(SYSTEM_IDS.auth) as ActorRefFrom<typeof authMachine> | undefined
    if (!auth) return () => {}
    let last: string | null = null
    const follow = () => {
      // Defensive: in tests the auth actor may be a stand-in without a context.
      const { context } = auth.getSnapshot() as { context?: AuthContext }
      const category = context?.user?.user_category ?? null
      if (category !== last) sendBack({ type: "support.user", category })
      last = category
    }
    follow()
    const sub = auth.subscribe(follow)
    return () => sub.unsubscribe()
  },
)
