import type { DashboardSummary, PendingItem } from "../../src/schema/dashboard/dashboard"
import type { RequestKind } from "../../src/schema/marketplace/marketplace"
import type { Db } from "./db"
import { iso } from "./text"

// The head of each pending queue in one statement: the three heads joined by UNION ALL, each tagged with its
// queue. A head is ordered as its list orders a pending queue by default (oldest submission first, then id),
// so the dashboard names the record the list shows first.

type Queue = RequestKind | "application"

const oldestRequest = (db: Db, kind: RequestKind) =>
  db
    .selectFrom("service_request")
    // A text cast: an untyped parameter in a select list is one PostgreSQL cannot type.
    .select((eb) => [eb.cast<Queue>(eb.val(kind), "text").as("queue"), "uuid", "title", "submitted_at"])
    .where("kind", "=", kind)
    .where("status", "=", "pending")
    .orderBy("submitted_at")
    .orderBy("id")
    .limit(1)

const oldestApplication = (db: Db) =>
  db
    .selectFrom("company_application")
    .select((eb) => [
      eb.cast<Queue>(eb.val("application"), "text").as("queue"),
      "uuid",
      "company_name as title",
      "submitted_at",
    ])
    .where("status", "=", "pending")
    .orderBy("submitted_at")
    .orderBy("id")
    .limit(1)

export async function oldestPending(db: Db): Promise<DashboardSummary["oldest_pending"]> {
  // Each head is a derived table: a branch's own ORDER BY and LIMIT would otherwise apply to the whole union.
  const rows = await db
    .selectFrom(oldestRequest(db, "work").as("w"))
    .selectAll()
    .unionAll(db.selectFrom(oldestRequest(db, "maintenance").as("m")).selectAll())
    .unionAll(db.selectFrom(oldestApplication(db).as("a")).selectAll())
    .execute()
  const head = (queue: Queue): PendingItem | null => {
    const row = rows.find((r) => r.queue === queue)
    return row ? { uuid: row.uuid, title: row.title, submitted_at: iso(row.submitted_at) } : null
  }
  return {
    work_request: head("work"),
    maintenance_request: head("maintenance"),
    company_application: head("application"),
  }
}
