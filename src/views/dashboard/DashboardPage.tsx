import { useEffect } from "react"
import { Link } from "wouter"
import { auditExportView } from "../../machines/exports/export-view"
import { may } from "../../schema/auth/permissions"
import type { PendingItem } from "../../schema/dashboard/dashboard"
import type { QueueTimes, WaitCounts } from "../../schema/marketplace/queue-wait"
import { linkTo } from "../../schema/system/app-routes"
import { ExportButton } from "../exports/ExportButton"
import { ageOf, auditActionLabel, formatWhen, recordPath } from "../marketplace/format"
import * as css from "../marketplace/marketplace.css"
import { useDashboard, useDashboardSend } from "../marketplace/page-logic"
import { WaitCountBadges } from "../marketplace/QueueWait"
import * as ui from "../shared/ui.css"
import { useAuth } from "../system/app-context"
import { DayPlanSlot } from "./DayPlanSlot"

function QueueCard({
  title,
  count,
  href,
  oldest,
  oldestHref,
  waits,
  queue,
  now,
}: {
  title: string
  count: number
  href: string
  oldest: PendingItem | null
  oldestHref: (uuid: string) => string
  waits: WaitCounts
  queue: QueueTimes
  /** The server's time of the summary: waits are measured to it, as the lists measure them. */
  now: number
}) {
  return (
    <div className={ui.card}>
      <h2 style={{ marginTop: 0, fontSize: "1rem" }}>
        <Link href={href}>{title}</Link>
      </h2>
      <span className={css.bigNumber}>{count}</span>
      <WaitCountBadges counts={waits} queue={queue} />
      {oldest ? (
        <p className={ui.muted}>
          Oldest: <Link href={oldestHref(oldest.uuid)}>{oldest.title}</Link>, waiting{" "}
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
  const summary = useDashboard((ctx) => ctx.summary)
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
            <QueueCard
              title="Pending work requests"
              count={summary.work_requests.pending}
              href={linkTo.list("work", "pending")}
              oldest={summary.oldest_pending.work_request}
              oldestHref={(uuid) => linkTo.details("work", uuid)}
              waits={summary.waiting.work_request}
              queue={summary.waiting.queue}
              now={Date.parse(summary.waiting.queue.as_of)}
            />
            <QueueCard
              title="Pending maintenance requests"
              count={summary.maintenance_requests.pending}
              href={linkTo.list("maintenance", "pending")}
              oldest={summary.oldest_pending.maintenance_request}
              oldestHref={(uuid) => linkTo.details("maintenance", uuid)}
              waits={summary.waiting.maintenance_request}
              queue={summary.waiting.queue}
              now={Date.parse(summary.waiting.queue.as_of)}
            />
            <QueueCard
              title="Pending applications"
              count={summary.company_applications.pending}
              href={linkTo.list("application", "pending")}
              oldest={summary.oldest_pending.company_application}
              oldestHref={(uuid) => linkTo.details("application", uuid)}
              waits={summary.waiting.company_application}
              queue={summary.waiting.queue}
              now={Date.parse(summary.waiting.queue.as_of)}
            />
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
