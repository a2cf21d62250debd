import { useSelector } from "@xstate/react"
import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react"
import type { DashboardContext, DashboardEvent } from "../../machines/dashboard/dashboard.machine"
import { nextPageKey, openPage } from "../../machines/system/pages"
import {
  lookupPage,
  lookupRest,
  type PageInputOf,
  type PageKey,
  type PageName,
  type PageRefOf,
  type RefOf,
} from "../../machines/system/registry"
import type { DashboardSummary } from "../../schema/dashboard/dashboard"
import { useSystemActor } from "../system/app-context"
import { followRest } from "../system/follow-rest"

// A page runs its machine as a child of the rest of the session for as long as it is shown (so the support
// panel and a trace see it); the session starts it with the implementations src/effects provided, the one
// place real IO is attached. Until it has started (the first render, or while the rest of the session is still
// loading), the page has no actor yet.

/**
 * The page's machine, started as the page opens; `adopt` may hand over one already running for this input (a
 * list opened ahead of its page, ./warm-list.ts), which the page then owns and closes as its own.
 */
export function usePageActor<P extends PageName>(
  page: P,
  input: PageInputOf<P>,
  adopt?: (session: RefOf<"session">, input: PageInputOf<P>) => PageKey<P> | null,
): PageRefOf<P> | undefined {
  const session = useSystemActor("session")
  const [key] = useState(() => adopt?.(session, input) ?? nextPageKey(page))
  // The input the page opened with; a page whose input changes is a new page (its parent keys it).
  const opened = useRef(input)
  useLayoutEffect(() => {
    // An actor handed over is open already: the rest of the session ignores a second open of its key.
    session.send(openPage(page, key, opened.current))
    return () => session.send({ type: "session.closePage", key })
  }, [session, page, key])
  const subscribe = useCallback((changed: () => void) => followRest(session, changed), [session])
  return useSyncExternalStore(subscribe, () => {
    const rest = lookupRest(session)
    return rest ? lookupPage(rest, key) : undefined
  })
}

export function useDashboard<T>(select: (ctx: DashboardContext, state: string) => T): T {
  return useSelector(useSystemActor("dashboard"), (s) => select(s.context, String(s.value)))
}

/**
 * The summary as the dashboard page shows it: the same object until something the page shows changes. The
 * unread count it does not show changes with every live notification, and would otherwise draw the whole page
 * again in every open tab of the session.
 */
export function useShownSummary(): DashboardSummary | null {
  return useSelector(useSystemActor("dashboard"), (s) => s.context.summary, sameButUnread)
}

function sameButUnread(a: DashboardSummary | null, b: DashboardSummary | null): boolean {
  if (a === b) return true
  if (a === null || b === null) return false
  return (Object.keys(a) as Array<keyof DashboardSummary>).every(
    (key) => key === "unread_notifications" || a[key] === b[key],
  )
}

export function useDashboardSend(): (event: DashboardEvent) => void {
  const ref = useSystemActor("dashboard")
  return useCallback((event) => ref.send(event), [ref])
}
