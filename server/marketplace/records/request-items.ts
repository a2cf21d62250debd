import type { MaintenanceRequest, WorkRequest } from "../../../src/schema/marketplace/marketplace"
import type { Db } from "../db"
import { assignedJson, possibleCount, selectedJson } from "../provider-refs"
import { requestToWire } from "../wire"
import { inIdOrder } from "./record-rows"
import { REQUEST_COLUMNS } from "./request-columns"

// Requests as the lists return them, each with its chosen providers, the one who took the job and how many
// could, in one statement: every instance reads a changed request this way for every change it sends, so each
// statement saved here is saved once per instance per decision.

/** The requests with these ids in the order given; an id with no request is left out. */
export async function requestItemsById(
  db: Db,
  ids: ReadonlyArray<number>,
): Promise<Array<WorkRequest | MaintenanceRequest>> {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom("service_request as r")
    .select(REQUEST_COLUMNS)
    .select([selectedJson.as("selected"), assignedJson.as("assigned"), possibleCount.as("possible")])
    .where("r.id", "in", [...ids])
    .execute()
  return inIdOrder(ids, rows).map(({ selected, assigned, possible, ...row }) =>
    requestToWire(row, selected, { assigned, possibleProviders: Number(possible) }),
  )
}
