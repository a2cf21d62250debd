import type {
  MaintenanceRequest,
  ProviderRef,
  WorkRequest,
} from "../../../src/schema/marketplace/marketplace"
import type { Db } from "../db"
import { assignedJson, possibleCount, selectedJson } from "../provider-refs"
import { type RequestRow, requestToWire } from "../wire"
import { inIdOrder } from "./record-rows"
import { REQUEST_COLUMNS } from "./request-columns"

// Requests as the lists return them, each with its chosen providers, the one who took the job and how many
// could, in one statement: every instance reads a changed request this way for every change it sends, so each
// statement saved here is saved once per instance per decision.

/** The requests `r` the caller's conditions pick, with what their list items need besides the row. */
export const requestItemsQuery = (db: Db) =>
  db
    .selectFrom("service_request as r")
    .select(REQUEST_COLUMNS)
    .select([selectedJson.as("selected"), assignedJson.as("assigned"), possibleCount.as("possible")])

/** A row of requestItemsQuery. */
export interface RequestItemRow extends RequestRow {
  readonly selected: ProviderRef[]
  readonly assigned: ProviderRef | null
  readonly possible: string | number
}

export const requestItemOf = ({
  selected,
  assigned,
  possible,
  ...row
}: RequestItemRow): WorkRequest | MaintenanceRequest =>
  requestToWire(row, selected, { assigned, possibleProviders: Number(possible) })

/** The requests with these ids in the order given; an id with no request is left out. */
export async function requestItemsById(
  db: Db,
  ids: ReadonlyArray<number>,
): Promise<Array<WorkRequest | MaintenanceRequest>> {
  if (ids.length === 0) return []
  const rows = await requestItemsQuery(db)
    .where("r.id", "in", [...ids])
    .execute()
  return inIdOrder(ids, rows).map(requestItemOf)
}
