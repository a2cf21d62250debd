import { useEffect } from "react"
import { useLocation } from "wouter"
import type { DashboardSummary } from "../../schema/dashboard/dashboard"
import { useDashboard, useDashboardSend } from "../marketplace/page-logic"
import * as css from "./layout.css"
import type { PendingKey } from "./nav"

const pendingOf = (summary: DashboardSummary, key: PendingKey): number => {
  switch (key) {
    case "applications":
      return summary.company_applications.pending
    case "work":
      return summary.work_requests.pending
    case "maintenance":
      return summary.maintenance_requests.pending
    case "requests":
      return summary.work_requests.pending + summary.maintenance_requests.pending
    case "workAwaitingProviders":
      return summary.work_requests.awaiting_providers
    case "maintenanceAwaitingProviders":
      return summary.maintenance_requests.awaiting_providers
  }
}

const countTitle = (key: PendingKey, count: number, label: string): string =>
  key === "workAwaitingProviders" || key === "maintenanceAwaitingProviders"
    ? `${count} approved, no provider has accepted yet`
    : `${count} pending in ${label}`

/** The number waiting beside a sidebar group; nothing until the summary has arrived, nothing at zero. */
export function PendingCount({ pending, label }: { pending: PendingKey; label: string }) {
  const count = useDashboard((ctx) => (ctx.summary ? pendingOf(ctx.summary, pending) : 0))
  if (count === 0) return null
  return (
    <span className={css.count} title={countTitle(pending, count, label)}>
      {count}
    </span>
  )
}

/** Counts go stale as people act; every navigation asks for a fresh summary (unless one just arrived). */
export function useSummaryOnNavigation(): void {
  const [location] = useLocation()
  const send = useDashboardSend()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useEffect(() => {
    send({ type: "dashboard.show" })
  }, [location, send])
}
