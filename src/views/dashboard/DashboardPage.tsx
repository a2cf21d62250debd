import { useEffect } from "react"
import { Link } from "wouter"
import { auditExportView } from "../../machines/exports/export-view"
import { may } from "../../schema/auth/permissions"
import type { DashboardSummary } from "../../schema/dashboard/dashboard"
import { linkTo } from "../../schema/system/app-routes"
import { ExportButton } from "../exports/ExportButton"
import { ageOf, auditActionLabel, formatWhen, recordPath } from "../marketplace/format"
import * as css from "../marketplace/marketplace.css"
import { useDashboard, useDashboardSend, useShownSummary } from "../marketplace/page-logic"
import { WaitCountBadges } from "../marketplace/QueueWait"
import * as ui from "../shared/ui.css"
import { useAuth } from "../system/app-context"
import { DayPlanSlot } from "./DayPlanSlot"

/** Each pending queue's card: its figures in the summary, and where its links lead. */
const QUEUES = [
  {
    kind: "work",
    title: "Pending work requests",
    of: (s: DashboardSummary) => ({
      count: s.work_requests.pending,
      oldest: s.oldest_pending.work_request,
      waits: s.waiting.work_request,
    }),
  },
  {
    kind: "maintenance",
    title: "Pending maintenance requests",
    of: (s: DashboardSummary) => ({
      count: s.maintenance_requests.pending,
      oldest: s.oldest_pending.maintenance_request,
      waits: s.waiting.maintenance_request,
    }),
  },
  {
    kind: "application",
    title: "Pending applications",
    of: (s: DashboardSummary) => ({
      count: s.company_applications.pending,
      oldest: s.oldest_pending.company_application,
      waits: s.waiting.company_application,
    }),
  },
] as const

function QueueCard({ queue, summary }: { queue: (typeof QUEUES)[number]; summary: DashboardSummary }) {
  const { count, oldest, waits } = queue.of(summary)
  // The server's time of the summary: waits are measured to it, as the lists measure them.
  const now = Date.parse(summary.waiting.queue.as_of)
  return (
    <div className={ui.card}>
      <h2 style={{ marginTop: 0, fontSize: "1rem" }}>
        <Link href={linkTo.list(queue.kind, "pending")}>{queue.title}</Link>
      </h2>
      <span className={css.bigNumber}>{count}</span>
      <WaitCountBadges counts={waits} queue={summary.waiting.queue} />
      {oldest ? (
        <p className={ui.muted}>
          Oldest: <Link href={linkTo.details(queue.kind, oldest.uuid)}>{oldest.title}</Link>, waiting{" "}
          {ageOf(oldest.submitted_at, now)}
        </p>
      ) : (
        <p className={ui.muted}>Nothing waiting.</p>
      )}
    </div>
  )
}

/** The awaiting-providers queues: approved requests no provider has accepted (docs/behaviour.md#offers). */
function AwaitingCard({ work, maintenance }: { work: number; maintenance: number }) {
  return (
    <div className={ui.card}>
      <h2 style={{ marginTop: 0, fontSize: "1rem" }}>Awaiting providers</h2>
      <span className={css.bigNumber}>{work + maintenance}</span>
      <p className={ui.muted}>
        <Link href={linkTo.awaitingProviders("work")}>{work} work</Link>,{" "}
        <Link href={linkTo.awaitingProviders("maintenance")}>{maintenance} maintenance</Link>: approved, no
        provider has accepted yet.
      </p>
    </div>
  )
}

export default function DashboardPage() {
  const name = useAuth((ctx) => ctx.user?.full_name)
  const mayExportAudit = useAuth((ctx) => may(ctx.user, "record.decide"))
  const summary = useShownSummary()
  const error = useDashboard((ctx) => ctx.error)
  const send = useDashboardSend()
  useEffect(() => send({ type: "dashboard.show" }), [send])

  return (
    <section className={ui.page} aria-labelledby="page-title">
      <h1 id="page-title" className={ui.pageTitle}>
        Dashboard
      </h1>
      <p>Welcome back{name ? `, ${name}` : ""}.</p>
      {error && !summary ? (
        <div role="alert">
          <p className={ui.errorText}>{error}</p>
          <button
            type="button"
            className={ui.button.primary}
            onClick={() => send({ type: "dashboard.refresh" })}
          >
            Retry
          </button>
        </div>
      ) : null}
      {summary ? (
        <>
          <div className={css.cards}>
            {QUEUES.map((queue) => (
              <QueueCard key={queue.kind} queue={queue} summary={summary} />
            ))}
            <AwaitingCard
              work={summary.work_requests.awaiting_providers}
              maintenance={summary.maintenance_requests.awaiting_providers}
            />
          </div>
          <DayPlanSlot />
          <section className={css.section} aria-labelledby="activity-title">
            <h2 id="activity-title">Recent activity</h2>
            {mayExportAudit ? (
              <ExportButton view={auditExportView()} label="Export the audit trail (CSV)" />
            ) : null}
            {summary.recent_activity.length === 0 ? <p>Nothing yet.</p> : null}
            <ul className={css.timeline}>
              {summary.recent_activity.map((e) => (
                <li key={e.id}>
                  <strong>{auditActionLabel(e.action)}</strong>:{" "}
                  <Link href={recordPath(e)}>{e.record_title}</Link> by {e.actor_name} ·{" "}
                  <time dateTime={e.at}>{formatWhen(e.at)}</time>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </section>
  )
}
