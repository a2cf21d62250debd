import { type Kysely, sql } from "kysely"
import type { AuditDetails } from "../../../src/schema/marketplace/marketplace"
import type { Database } from "../../db/schema"
import type { SeedContext, SeedReport } from "../../db/seed"
import { APPLICATION_KIND, REQUEST_KINDS, URGENCY_RANK } from "../kinds"
import { OFFER_EXPIRY_SECONDS } from "../queue-constants"
import { applicationSearchText, providerSearchText, requestSearchText } from "../search-columns"
import { type GenerateOptions, generateMarketplace } from "./generate"
import { customerContact, type SeedMarketplace, type StaffRole } from "./model"

// Writes the generated marketplace, with the audit trail each record would have had, in one transaction.
// Idempotent: a database that already holds applications is left alone.

const STAFF_EMAILS: Readonly<Record<StaffRole, string>> = {
  admin: "admin@example.com",
  coordinator: "coordinator@example.com",
}

type Staff = Readonly<Record<StaffRole, { id: number | null; full_name: string }>>

async function findStaff(db: Kysely<Database>): Promise<Staff> {
  const rows = await db
    .selectFrom("app_user")
    .select(["id", "email", "full_name"])
    .where("email", "in", Object.values(STAFF_EMAILS))
    .execute()
  const of = (role: StaffRole) => {
    const row = rows.find((r) => r.email === STAFF_EMAILS[role])
    return row ? { id: row.id, full_name: row.full_name } : { id: null, full_name: "Demo staff" }
  }
  return { admin: of("admin"), coordinator: of("coordinator") }
}

interface AuditRow {
  record_kind: "company_application" | "work_request" | "maintenance_request"
  record_uuid: string
  record_title: string
  actor_user_id: number | null
  actor_name: string
  action: "submitted" | "approved" | "rejected" | "accepted" | "providers_selected"
  from_status: "pending" | "approved" | null
  to_status: "pending" | "approved" | "accepted" | "rejected"
  reason: string | null
  details: string
  at: Date
}

const CHUNK = 500

async function insertChunks<T>(
  rows: ReadonlyArray<T>,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

export async function writeMarketplace(db: Kysely<Database>, data: SeedMarketplace): Promise<void> {
  const staff = await findStaff(db)
  const audit: AuditRow[] = []
  const by = (role: StaffRole) => ({ actor_user_id: staff[role].id, actor_name: staff[role].full_name })
  const details = (d: AuditDetails): string => JSON.stringify(d)

  await db.transaction().execute(async (tx) => {
    const applicationIds = new Map<string, number>()
    await insertChunks(data.applications, async (chunk) => {
      const rows = await tx
        .insertInto("company_application")
        .values(
          chunk.map(({ decision, documents, ...a }) => ({
            ...a,
            documents: JSON.stringify(documents),
            decided_at: decision?.at ?? null,
            decided_by_user_id: decision ? staff[decision.by].id : null,
            decided_by_name: decision ? staff[decision.by].full_name : null,
            reason: decision?.reason ?? null,
            search_text: applicationSearchText(a),
          })),
        )
        .returning(["id", "uuid"])
        .execute()
      for (const r of rows) applicationIds.set(r.uuid, r.id)
    })

    const providerIds = new Map<string, number>()
    const providerNames = new Map(data.providers.map((p) => [p.uuid, p.company_name]))
    await insertChunks(data.providers, async (chunk) => {
      const rows = await tx
        .insertInto("provider")
        .values(
          chunk.map(({ application_uuid, ...p }) => ({
            ...p,
            application_id: application_uuid === null ? null : (applicationIds.get(application_uuid) ?? null),
            search_text: providerSearchText(p),
            // A company serving more towns keeps a bigger crew: 6 to 12 open jobs. Derived, not drawn, so the
            // demo's other random data stays as it was.
            capacity: 4 + 2 * p.service_area.length,
          })),
        )
        .returning(["id", "uuid"])
        .execute()
      for (const r of rows) providerIds.set(r.uuid, r.id)
    })
    const providerOfApplication = new Map(
      data.providers.flatMap((p) => (p.application_uuid ? [[p.application_uuid, p] as const] : [])),
    )

    for (const a of data.applications) {
      const common = {
        record_kind: APPLICATION_KIND.recordKind,
        record_uuid: a.uuid,
        record_title: a.company_name,
      }
      audit.push({
        ...common,
        actor_user_id: null,
        actor_name: a.contact_name,
        action: "submitted",
        from_status: null,
        to_status: "pending",
        reason: null,
        details: "{}",
        at: a.submitted_at,
      })
      if (a.decision && a.status !== "pending") {
        const provider = providerOfApplication.get(a.uuid)
        audit.push({
          ...common,
          ...by(a.decision.by),
          action: a.status,
          from_status: "pending",
          to_status: a.status,
          reason: a.decision.reason,
          details: details(
            provider ? { provider: { uuid: provider.uuid, company_name: provider.company_name } } : {},
          ),
          at: a.decision.at,
        })
      }
    }

    const links: { request_id: number; provider_id: number; position: number }[] = []
    await insertChunks(data.requests, async (chunk) => {
      const rows = await tx
        .insertInto("service_request")
        .values(
          chunk.map(({ decision, selection, preferred_dates, ...r }) => ({
            ...r,
            ...customerContact(r.customer_name, r.uuid),
            urgency_rank: URGENCY_RANK[r.urgency],
            preferred_from: preferred_dates?.[0] ?? null,
            preferred_to: preferred_dates?.[1] ?? null,
            decided_at: decision?.at ?? null,
            decided_by_user_id: decision ? staff[decision.by].id : null,
            decided_by_name: decision ? staff[decision.by].full_name : null,
            reason: decision?.reason ?? null,
            providers_selected_at: selection?.at ?? null,
            providers_selected_by_user_id: selection ? staff[selection.by].id : null,
            providers_selected_by_name: selection ? staff[selection.by].full_name : null,
            search_text: requestSearchText(r),
          })),
        )
        .returning(["id", "uuid"])
        .execute()
      const ids = new Map(rows.map((r) => [r.uuid, r.id]))
      for (const r of chunk) {
        const requestId = ids.get(r.uuid)
        if (requestId === undefined || r.selection === null) continue
        r.selection.providers.forEach((uuid, position) => {
          const providerId = providerIds.get(uuid)
          if (providerId !== undefined)
            links.push({ request_id: requestId, provider_id: providerId, position })
        })
      }
    })
    await insertChunks(links, (chunk) => tx.insertInto("service_request_provider").values(chunk).execute())

    for (const r of data.requests) {
      const info = REQUEST_KINDS[r.kind]
      const common = { record_kind: info.recordKind, record_uuid: r.uuid, record_title: r.title }
      audit.push({
        ...common,
        actor_user_id: null,
        actor_name: r.customer_name,
        action: "submitted",
        from_status: null,
        to_status: "pending",
        reason: null,
        details: "{}",
        at: r.submitted_at,
      })
      if (r.decision && r.status !== "pending")
        audit.push({
          ...common,
          ...by(r.decision.by),
          action: r.status,
          from_status: "pending",
          to_status: r.status,
          reason: r.decision.reason,
          details: "{}",
          at: r.decision.at,
        })
      if (r.selection)
        audit.push({
          ...common,
          ...by(r.selection.by),
          action: "providers_selected",
          from_status: "approved",
          to_status: "approved",
          reason: null,
          details: details({
            providers: r.selection.providers.map((uuid) => ({
              uuid,
              company_name: providerNames.get(uuid) ?? "",
            })),
          }),
          at: r.selection.at,
        })
    }
    // In time order, so that audit ids grow with time like they do live.
    audit.sort((a, b) => a.at.getTime() - b.at.getTime())
    await insertChunks(audit, (chunk) => tx.insertInto("marketplace_audit").values(chunk).execute())
  })
}

/**
 * Every seeded selection is a set of open offers, as a live one would be; they run from the seed's time, spread
 * over two more days, so a demo neither starts nor goes on with a burst of expiries (npm run simulate answers
 * some of them).
 */
async function seedOffers(db: Kysely<Database>, now: Date): Promise<void> {
  const expires = new Date(now.getTime() + OFFER_EXPIRY_SECONDS * 1000)
  await sql`
    insert into provider_offer (request_id, provider_id, offered_at, offered_by_user_id, offered_by_name, expires_at)
    select s.request_id, s.provider_id, r.providers_selected_at, r.providers_selected_by_user_id,
           coalesce(r.providers_selected_by_name, 'Back office'),
           ${expires}::timestamptz + (s.request_id % 48) * interval '1 hour'
    from service_request_provider s join service_request r on r.id = s.request_id
    where r.providers_selected_at is not null
    order by s.request_id, s.position`.execute(db)
}

export async function seedMarketplace(
  db: Kysely<Database>,
  context: SeedContext,
  options: Partial<GenerateOptions> = {},
): Promise<SeedReport> {
  const existing = await db
    .selectFrom("company_application")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow()
  if (Number(existing.n) > 0) return { name: "marketplace", created: 0, kept: Number(existing.n) }
  const data = generateMarketplace({ now: context.now, ...options })
  await writeMarketplace(db, data)
  await seedOffers(db, context.now)
  const created = data.applications.length + data.requests.length + data.providers.length
  return { name: "marketplace", created, kept: 0 }
}
