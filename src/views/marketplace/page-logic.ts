import { useSelector } from "@xstate/react"
import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react"
import type { DashboardContext, DashboardEvent } from "../../machines/dashboard.machine"
import { lookupPage, type PageInputOf, type PageName, type PageRefOf } from "../../machines/registry"
import { nextPageKey, openPage } from "../../machines/session.machine"
import { useSystemActor } from "../app-context"

// A page runs its machine as a child of the session for as long as it is shown (so the support panel and a
// trace see it); the session starts it with the implementations src/effects provided, the one place real IO
// is attached. Until the session has started it (the first render), the page has no actor yet.

export function usePageActor<P extends PageName>(page: P, input: PageInputOf<P>): PageRefOf<P> | undefined {
  const session = useSystemActor("session")
  const [key] = useState(() => nextPageKey(page))
  // The input the page opened with; a page whose input changes is a new page (its parent keys it).
  const opened = useRef(input)
  useLayoutEffect(() => {
    session.send(openPage(page, key, opened.current))
    return () => session.send({ type: "session.closePage", key })
  }, [session, page, key])
  const subscribe = useCallback(
    (changed: () => void) => {
      const sub = session.subscribe(changed)
      return () => sub.unsubscribe()
    },
    [session],
  )
  return useSyncExternalStore(subscribe, () => lookupPage(session, key))
}

export function useDashboard<T>(select: (ctx: DashboardContext, state: string) => T): T {
  return useSelector(useSystemActor("dashboard"), (s) => select(s.context, String(s.value)))
}

export function useDashboardSend(): (event: DashboardEvent) => void {
  const ref = useSystemActor("dashboard")
  return useCallback((event) => ref.send(event), [ref])
}
