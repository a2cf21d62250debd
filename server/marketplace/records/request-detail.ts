import type { MaintenanceRequestDetail, WorkRequestDetail } from "../../../src/schema/marketplace/marketplace"
import { auditFromJson, auditTrailJson } from "../audit"
import type { Db } from "../db"
import { offersFromJson, offersJson } from "../offers/offer-rows"
import { assignedJson, possibleCount, selectedJson } from "../provider-refs"
import { type RequestRow, requestToWire } from "../wire"

// A request's detail in one statement: the providers chosen for it, the one who took the job, how many could,
// its offers and its audit trail, each a column. As separate reads they were four or five round trips at the
// end of every decision, claim and selection, each one waited for under load (bench/RESULTS.md).

export async function requestDetail(
  db: Db,
  row: RequestRow,
): Promise<WorkRequestDetail | MaintenanceRequestDetail> {
  const read = await db
    .selectFrom("service_request as r")
    .select([
      selectedJson.as("selected"),
      assignedJson.as("assigned"),
      possibleCount.as("possible"),
      offersJson(row.id).as("offers"),
      auditTrailJson(row.uuid).as("audit"),
    ])
    .where("r.id", "=", row.id)
    .executeTakeFirstOrThrow()
  const item = requestToWire(row, read.selected, {
    assigned: row.assigned_provider_id === null ? null : read.assigned,
    possibleProviders: Number(read.possible ?? 0),
  })
  return { ...item, offers: offersFromJson(read.offers), audit: auditFromJson(read.audit) }
}
