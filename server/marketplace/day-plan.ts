import { sql } from "kysely"
import type { DayPlan, PersonOpen, PlanRow } from "../../src/schema/dashboard/plan"
import type { QueueTimes } from "../../src/schema/marketplace/queue-wait"
import type { Db } from "./db"
import { submittedBy } from "./queue-wait"

// The day's plan (docs/behaviour.md#planning-the-day), counted by the database in one statement per table:
// a pending record is overdue once it has waited `overdue_after_seconds`, and due today when it will have
// by the end of the current UTC day.

const DAY_MS = 86_400_000

type Counts = {
  mine: string | number
  emergencies: string | number
  due_today: string | number
  overdue: string | number
}

export async function dayPlan(db: Db, userId: number, queue: QueueTimes): Promise<DayPlan> {
  const now = new Date(queue.as_of)
  const dayEnds = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS)
  const overdueBy = submittedBy(now, queue.overdue_after_seconds).toISOString()
  const overdueByDayEnd = submittedBy(dayEnds, queue.overdue_after_seconds).toISOString()
  const requests = await sql<Counts & { kind: "work" | "maintenance"; awaiting: string | number }>`
    select kind,
      count(*) filter (where status = 'pending' and assignee_user_id = ${userId}) as mine,
      count(*) filter (where status = 'pending' and urgency = 'emergency') as emergencies,
      count(*) filter (where status = 'pending' and submitted_at > ${overdueBy}::timestamptz
        and submitted_at <= ${overdueByDayEnd}::timestamptz) as due_today,
      count(*) filter (where status = 'pending' and submitted_at <= ${overdueBy}::timestamptz) as overdue,
      count(*) filter (where status = 'approved' and providers_selected_at is null) as awaiting
    from service_request group by kind`.execute(db)
  const applications = await sql<Counts>`
    select
      count(*) filter (where status = 'pending' and assignee_user_id = ${userId}) as mine,
      0 as emergencies,
      count(*) filter (where status = 'pending' and submitted_at > ${overdueBy}::timestamptz
        and submitted_at <= ${overdueByDayEnd}::timestamptz) as due_today,
      count(*) filter (where status = 'pending' and submitted_at <= ${overdueBy}::timestamptz) as overdue
    from company_application`.execute(db)
  const load = await sql<{ id: number; full_name: string; open: string | number }>`
    select assignee_user_id as id, max(assignee_name) as full_name, count(*) as open from (
      select assignee_user_id, assignee_name from service_request
        where status = 'pending' and assignee_user_id is not null
      union all
      select assignee_user_id, assignee_name from company_application
        where status = 'pending' and assignee_user_id is not null
    ) claimed group by assignee_user_id order by count(*) desc, max(assignee_name)`.execute(db)

  const requestRow = (kind: "work" | "maintenance"): PlanRow => {
    const r = requests.rows.find((row) => row.kind === kind)
    return {
      kind,
      mine: Number(r?.mine ?? 0),
      emergencies: Number(r?.emergencies ?? 0),
      due_today: Number(r?.due_today ?? 0),
      overdue: Number(r?.overdue ?? 0),
      awaiting_providers: Number(r?.awaiting ?? 0),
    }
  }
  const a = applications.rows[0]
  return {
    queue,
    day_ends_at: dayEnds.toISOString(),
    kinds: [
      requestRow("work"),
      requestRow("maintenance"),
      {
        kind: "application",
        mine: Number(a?.mine ?? 0),
        emergencies: null,
        due_today: Number(a?.due_today ?? 0),
        overdue: Number(a?.overdue ?? 0),
        awaiting_providers: null,
      },
    ],
    load: load.rows.map((r): PersonOpen => ({ id: r.id, full_name: r.full_name, open: Number(r.open) })),
  }
}
