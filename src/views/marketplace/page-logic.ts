import { useSelector } from "@xstate/react"
import { useCallback } from "react"
import type { Actor, ActorRefFrom } from "xstate"
import type { bulkReviewMachine } from "../../machines/bulk-review.machine"
import type { DashboardContext, DashboardEvent, dashboardMachine } from "../../machines/dashboard.machine"
import type { pagedListMachine } from "../../machines/paged-list.machine"
import type { reviewMachine } from "../../machines/review.machine"
import type { selectProvidersMachine } from "../../machines/select-providers.machine"
import type { sessionMachine } from "../../machines/session.machine"
import { SYSTEM_IDS } from "../../machines/system-ids"
import { useAppActor } from "../app-context"

// Pages start their own machine instance, but with the actors src/effects provided to the session machine: its
// implementations are the one place the real IO is attached.

interface PageLogic {
  pagedList: typeof pagedListMachine
  review: typeof reviewMachine
  selectProviders: typeof selectProvidersMachine
  bulkReview: typeof bulkReviewMachine
}

export function usePageLogic<K extends keyof PageLogic>(name: K): PageLogic[K] {
  const session = useAppActor().system.get(SYSTEM_IDS.session) as Actor<typeof sessionMachine> | undefined
  if (!session) throw new Error("The marketplace pages need the session actors (see SessionGate)")
  return session.logic.implementations.actors[name] as PageLogic[K]
}

type DashboardRef = ActorRefFrom<typeof dashboardMachine>

export function useDashboard<T>(select: (ctx: DashboardContext, state: string) => T): T {
  const ref = useAppActor().system.get(SYSTEM_IDS.dashboard) as DashboardRef
  return useSelector(ref, (s) => select(s.context, String(s.value)))
}

/** The root's dashboard actor itself, for a page machine that must tell it the counts changed. */
export function useDashboardRef(): DashboardRef {
  return useAppActor().system.get(SYSTEM_IDS.dashboard) as DashboardRef
}

export function useDashboardSend(): (event: DashboardEvent) => void {
  const ref = useAppActor().system.get(SYSTEM_IDS.dashboard) as DashboardRef
  return useCallback((event) => ref.send(event), [ref])
}
