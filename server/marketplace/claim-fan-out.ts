// Every instance listens on the claim channel and tells each of its signed-in sockets (docs/behaviour.md#claims):
// anyone signed in may read every record, so every open list and detail page may show the assignee. The claim
// is read from the table after its transaction committed, so the frame says what is true now.
import type { Assignee } from "../../src/schema/marketplace"
import type { DatabaseHandle, Unlisten } from "../db/database"
import { frame, type SocketHub, sendFrame } from "../notifications/socket-hub"
import { CLAIM_CHANNEL, parseRecordPayload, type RecordKey } from "./claim-channel"
import type { Db } from "./db"
import { assigneeOf } from "./wire"

export interface ClaimFanOutLog {
  readonly warn: (message: string, error?: unknown) => void
}

const CLAIM_COLUMNS = ["assignee_user_id", "assignee_name", "assigned_at"] as const

/** The record's claim now; undefined when the record is gone. */
async function claimOf(db: Db, record: RecordKey): Promise<Assignee | null | undefined> {
  const row =
    record.kind === "application"
      ? await db
          .selectFrom("company_application")
          .select(CLAIM_COLUMNS)
          .where("uuid", "=", record.uuid)
          .executeTakeFirst()
      : await db
          .selectFrom("service_request")
          .select(CLAIM_COLUMNS)
          .where("kind", "=", record.kind)
          .where("uuid", "=", record.uuid)
          .executeTakeFirst()
  return row === undefined ? undefined : assigneeOf(row)
}

export async function startClaimFanOut(
  database: DatabaseHandle,
  hub: SocketHub,
  log: ClaimFanOutLog,
): Promise<Unlisten> {
  // One claim at a time, in the order NOTIFY delivered them.
  let chain: Promise<void> = Promise.resolve()
  const deliver = async (record: RecordKey) => {
    const clients = hub.all().filter((c) => c.ready)
    if (clients.length === 0) return
    const assignee = await claimOf(database.db, record)
    if (assignee === undefined) return
    const prepared = frame({ type: "record.assigned", kind: record.kind, uuid: record.uuid, assignee })
    for (const client of clients) sendFrame(client, prepared)
  }
  return database.listen(CLAIM_CHANNEL, (payload) => {
    const record = parseRecordPayload(payload)
    if (!record) return log.warn(`ignored claim payload "${payload.slice(0, 64)}"`)
    chain = chain
      .then(() => deliver(record))
      .catch((error: unknown) => log.warn("claim fan-out failed", error))
  })
}
