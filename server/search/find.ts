import { SEARCH_LIMITS, type SearchResult } from "../../src/schema/shell/search"
import { linkTo } from "../../src/schema/system/app-routes"
import type { Db } from "../marketplace/db"
import { containsPattern, formatWhen } from "../marketplace/text"
import { DEFAULT_CHANNEL } from "../notifications/queries"

// The command palette's search. Records match on the same search column as their lists (so a request is
// found by its title or its customer, an application by its company), newest first; notifications match on
// their title and are only ever the caller's own, in the in-app inbox (archived ones included: the palette
// finds, it does not file).

async function findRequests(db: Db, kind: "work" | "maintenance", pattern: string): Promise<SearchResult[]> {
  const rows = await db
    .selectFrom("service_request")
    .select(["uuid", "title", "customer_name", "status"])
    .where("kind", "=", kind)
    .where("search_text", "like", pattern)
    .orderBy("submitted_at", "desc")
    .orderBy("id", "desc")
    .limit(SEARCH_LIMITS.perKind)
    .execute()
  return rows.map((r) => ({
    kind: kind === "work" ? "work_request" : "maintenance_request",
    id: r.uuid,
    title: r.title,
    subtitle: `${r.customer_name} · ${r.status}`,
    href: linkTo.details(kind, r.uuid),
  }))
}

async function findApplications(db: Db, pattern: string): Promise<SearchResult[]> {
  const rows = await db
    .selectFrom("company_application")
    .select(["uuid", "company_name", "contact_name", "status"])
    .where("search_text", "like", pattern)
    .orderBy("submitted_at", "desc")
    .orderBy("id", "desc")
    .limit(SEARCH_LIMITS.perKind)
    .execute()
  return rows.map((r) => ({
    kind: "company_application",
    id: r.uuid,
    title: r.company_name,
    subtitle: `${r.contact_name} · ${r.status}`,
    href: linkTo.details("application", r.uuid),
  }))
}

async function findNotifications(db: Db, userId: number, pattern: string): Promise<SearchResult[]> {
  const rows = await db
    .selectFrom("notification")
    .select(["id", "title", "created_at"])
    .where("user_id", "=", userId)
    .where("channel", "=", DEFAULT_CHANNEL)
    .where((eb) => eb(eb.fn("lower", ["title"]), "like", pattern))
    .orderBy("id", "desc")
    .limit(SEARCH_LIMITS.perKind)
    .execute()
  return rows.map((r) => ({
    kind: "notification",
    id: String(r.id),
    title: r.title,
    subtitle: `Notification · ${formatWhen(r.created_at)}`,
    href: linkTo.notification(r.id),
  }))
}

/** Every kind's few best matches for `q` (already checked to hold something), requests first. */
export async function search(db: Db, userId: number, q: string): Promise<{ results: SearchResult[] }> {
  const pattern = containsPattern(q)
  const found = await Promise.all([
    findRequests(db, "work", pattern),
    findRequests(db, "maintenance", pattern),
    findApplications(db, pattern),
    findNotifications(db, userId, pattern),
  ])
  return { results: found.flat() }
}
