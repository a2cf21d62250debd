import { sql } from "kysely"
import type {
  AnyStatus,
  AuditAction,
  AuditDetails,
  AuditEntry,
  RecordKind,
} from "../../src/schema/marketplace/marketplace"
import { allColumns } from "../db/columns"
import { logsInStatement, pendingInsert } from "../live/change-log"
import type { Db } from "./db"
import { announceRecordChange } from "./record-channel"
import type { MarketplaceAuditTable } from "./tables"
import { type AuditRow, auditToWire } from "./wire"

// The audit trail: one row per transition or selection, written in the same transaction as the change so
// that a change without its entry (or an entry without its change) cannot exist.

export interface AuditActor {
  readonly id: number | null
  readonly full_name: string
}

export interface AuditInput {
  readonly recordKind: RecordKind
  readonly recordUuid: string
  readonly recordTitle: string
  readonly actor: AuditActor
  readonly action: AuditAction
  readonly from: AnyStatus | null
  readonly to: AnyStatus | null
  readonly reason?: string | null
  readonly details?: AuditDetails
  readonly at: Date
}

/** Every column of an entry: an entry is written by every decision (see server/db/columns.ts). */
export const AUDIT_COLUMNS = allColumns<MarketplaceAuditTable>()([
  "id",
  "record_kind",
  "record_uuid",
  "record_title",
  "actor_user_id",
  "actor_name",
  "action",
  "from_status",
  "to_status",
  "reason",
  "details",
  "at",
])

/** The insert of an entry's row (./audit-announce.ts writes it with a notification). */
export const auditInsert = (db: Db, entry: AuditInput) =>
  db
    .insertInto("marketplace_audit")
    .values({
      record_kind: entry.recordKind,
      record_uuid: entry.recordUuid,
      record_title: entry.recordTitle,
      actor_user_id: entry.actor.id,
      actor_name: entry.actor.full_name,
      action: entry.action,
      from_status: entry.from,
      to_status: entry.to,
      reason: entry.reason ?? null,
      details: JSON.stringify(entry.details ?? {}),
      at: entry.at,
    })
    .returning(AUDIT_COLUMNS)

/** The change log's entry of a statement whose CTE `entry` is the audit row. */
const LOGGED = sql`select 0::bigint as n, 'record' as topic, null::integer as user_id, id::text as ref from entry`

export async function recordAudit(db: Db, entry: AuditInput): Promise<AuditEntry> {
  // Every change has exactly one entry, so this is where every open tab learns of it
  // (docs/behaviour.md#live-records): in the entry's own statement when the transaction has logged nothing
  // yet, else just before COMMIT.
  if (await logsInStatement(db)) {
    const row = await db
      .with("entry", () => auditInsert(db, entry))
      .with("logged", () => pendingInsert(LOGGED))
      .selectFrom("entry")
      .select(AUDIT_COLUMNS)
      .executeTakeFirstOrThrow()
    return auditToWire(row)
  }
  const row = await auditInsert(db, entry).executeTakeFirstOrThrow()
  await announceRecordChange(db, row.id)
  return auditToWire(row)
}

/** Oldest first: the detail page reads the story of the record top-down. */
export async function auditTrail(db: Db, recordUuid: string): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("marketplace_audit")
    .selectAll()
    .where("record_uuid", "=", recordUuid)
    .orderBy("id")
    .execute()
  return rows.map(auditToWire)
}

/** An audit row as json_agg writes it: the time as text. */
export type AuditJson = Omit<AuditRow, "at"> & { readonly at: string }

/**
 * The audit trail as a column of another statement (auditTrail's rows and order, read by auditFromJson), so
 * that a detail read is one round trip.
 */
export const auditTrailJson = (recordUuid: string) =>
  sql<AuditJson[]>`coalesce((select json_agg(a order by a.id) from marketplace_audit a
    where a.record_uuid = ${recordUuid}), '[]')`

export const auditFromJson = (rows: ReadonlyArray<AuditJson>): AuditEntry[] =>
  rows.map((a) => auditToWire({ ...a, at: new Date(a.at) }))

export async function lastAudit(db: Db, recordUuid: string): Promise<AuditEntry | null> {
  const row = await db
    .selectFrom("marketplace_audit")
    .selectAll()
    .where("record_uuid", "=", recordUuid)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst()
  return row === undefined ? null : auditToWire(row)
}

export async function recentActivity(db: Db, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("marketplace_audit")
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute()
  return rows.map(auditToWire)
}
