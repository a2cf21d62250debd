import { sql } from "kysely"
import type {
  MaintenanceRequestDetail,
  ProviderRef,
  WorkRequestDetail,
} from "../../../src/schema/marketplace/marketplace"
import { auditFromJson, auditTrailJson } from "../audit"
import type { Db } from "../db"
import { offersFromJson, offersJson } from "../offers/offer-rows"
import { possibleCount } from "../provider-refs"
import { type RequestRow, requestToWire } from "../wire"

// A request's detail in one statement: the providers chosen for it, the one who took the job, how many could,
// its offers and its audit trail, each a column. As separate reads they were four or five round trips at the
// end of every decision, claim and selection, each one waited for under load (bench/RESULTS.md).

export async function requestDetail(
  db: Db,
  row: RequestRow,
): Promise<WorkRequestDetail | MaintenanceRequestDetail> {
  const read = await db
    .selectNoFrom([
      sql<ProviderRef[]>`coalesce((select json_agg(json_build_object('uuid', p.uuid,
          'company_name', p.company_name) order by s.position)
        from service_request_provider s join provider p on p.id = s.provider_id
        where s.request_id = ${row.id}), '[]')`.as("selected"),
      sql<ProviderRef | null>`(select json_build_object('uuid', p.uuid, 'company_name', p.company_name)
        from provider p where p.id = ${row.assigned_provider_id})`.as("assigned"),
      sql<string | number | null>`(select ${possibleCount} from service_request r
        where r.id = ${row.id})`.as("possible"),
      offersJson(row.id).as("offers"),
      auditTrailJson(row.uuid).as("audit"),
    ])
    .executeTakeFirstOrThrow()
  const item = requestToWire(row, read.selected, {
    assigned: row.assigned_provider_id === null ? null : read.assigned,
    possibleProviders: Number(read.possible ?? 0),
  })
  return { ...item, offers: offersFromJson(read.offers), audit: auditFromJson(read.audit) }
}
