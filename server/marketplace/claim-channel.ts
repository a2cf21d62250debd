import { sql } from "kysely"
import type { RecordSource } from "../../src/schema/app-routes"
import type { Db } from "./db"

// The NOTIFY channel a claim travels on to every instance: `<kind>:<uuid>`, ids only, as on the
// notification channels. A listener loads the record's claim itself, after the claim's transaction commits.

export const CLAIM_CHANNEL = "record_claims"

const SOURCES: ReadonlyArray<RecordSource> = ["work", "maintenance", "application"]
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface RecordKey {
  readonly kind: RecordSource
  readonly uuid: string
}

export const recordPayload = (kind: RecordSource, uuid: string): string => `${kind}:${uuid}`

export function parseRecordPayload(payload: string): RecordKey | null {
  const [kind, uuid, ...rest] = payload.split(":")
  const known = SOURCES.find((s) => s === kind)
  if (rest.length > 0 || known === undefined || uuid === undefined || !UUID.test(uuid)) return null
  return { kind: known, uuid: uuid.toLowerCase() }
}

/** In the caller's transaction: heard by every instance once the claim is visible. */
export async function announceClaim(db: Db, kind: RecordSource, uuid: string): Promise<void> {
  await sql`select pg_notify(${CLAIM_CHANNEL}, ${recordPayload(kind, uuid)})`.execute(db)
}
