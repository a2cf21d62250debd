import { useSelector } from "@xstate/react"
import { Link } from "wouter"
import type { PlanKind, PlanRow } from "../../schema/dashboard/plan"
import { linkTo } from "../../schema/system/app-routes"
import * as css from "../marketplace/marketplace.css"
import { usePageActor } from "../marketplace/page-logic"
import * as ui from "../shared/ui.css"

// The day's plan on the dashboard (docs/behaviour.md#planning-the-day): per kind, what needs doing today,
// each figure a link to the list that shows those records, and the team's open claims per person.

const KIND_TITLE: Readonly<Record<PlanKind, string>> = {
  work: "Work requests",
  maintenance: "Maintenance requests",
  application: "Applications",
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

function KindPlan({ row }: { row: PlanRow }) {
  const pending = linkTo.list(row.kind, "pending")
  const items: Array<readonly [string, string]> = [
    [`${row.mine} claimed by me`, `${pending}?assignee=mine`],
    ...(row.emergencies === null
      ? []
      : [[plural(row.emergencies, "emergency", "emergencies"), `${pending}?urgency=emergency`] as const]),
    [`${row.due_today} due today`, `${pending}?due=today`],
    [`${row.overdue} overdue`, `${pending}?due=overdue`],
    ...(row.awaiting_providers === null
      ? []
      : [[`${row.awaiting_providers} awaiting providers`, linkTo.list(row.kind, "approved")] as const]),
  ]
  return (
    <div className={ui.card}>
      <h3 style={{ marginTop: 0, fontSize: "1rem" }}>{KIND_TITLE[row.kind]}</h3>
      <ul className={css.timeline} style={{ gap: 4 }}>
        {items.map(([text, href]) => (
          <li key={text}>
            <Link href={href}>{text}</Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The plan itself: its own chunk, since its page machine brings the rest of the session's registry. */
export default function DayPlanBody() {
  const actor = usePageActor("dayPlan", {})
  const plan = useSelector(actor, (s) => s?.context.plan ?? null)
  const error = useSelector(actor, (s) => s?.context.error ?? null)
  if (error && plan === null)
    return (
      <div role="alert">
        <p className={ui.errorText}>{error}</p>
        <button
          type="button"
          className={ui.button.secondary}
          onClick={() => actor?.send({ type: "plan.retry" })}
        >
          Retry
        </button>
      </div>
    )
  if (plan === null) return <p className={ui.muted}>Loading the day's plan...</p>
  const overdueHours = Math.round(plan.queue.overdue_after_seconds / 3600)
  return (
    <>
      <p className={ui.muted}>
        Overdue: pending for {overdueHours} h or more. Due today: becomes overdue before midnight UTC.{" "}
        <Link href="/help">What due and overdue mean</Link>
      </p>
      <div className={css.cards}>
        {plan.kinds.map((row) => (
          <KindPlan key={row.kind} row={row} />
        ))}
      </div>
      <h3>Open claims per person</h3>
      {plan.load.length === 0 ? (
        <p className={ui.muted}>Nobody has claimed a pending record.</p>
      ) : (
        <ul className={css.timeline} style={{ gap: 4 }}>
          {plan.load.map((p) => (
            <li key={p.id}>
              {p.full_name}: {plural(p.open, "open record", "open records")}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
