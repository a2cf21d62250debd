import { sql } from "kysely"
import type { ProviderRef } from "../../src/schema/marketplace/marketplace"
import type { Db } from "./db"

/** The providers chosen for each of the given requests, in the order the coordinator chose them. */
export async function selectedProviders(
  db: Db,
  requestIds: ReadonlyArray<number>,
): Promise<Map<number, ProviderRef[]>> {
  const byRequest = new Map<number, ProviderRef[]>()
  if (requestIds.length === 0) return byRequest
  const rows = await db
    .selectFrom("service_request_provider as s")
    .innerJoin("provider as p", "p.id", "s.provider_id")
    .select(["s.request_id", "p.uuid", "p.company_name"])
    .where("s.request_id", "in", [...requestIds])
    .orderBy("s.request_id")
    .orderBy("s.position")
    .execute()
  for (const row of rows) {
    const list = byRequest.get(row.request_id) ?? []
    list.push({ uuid: row.uuid, company_name: row.company_name })
    byRequest.set(row.request_id, list)
  }
  return byRequest
}

/** The providers chosen for the request `r`, in the coordinator's order (a column of a query on it). */
export const selectedJson = sql<ProviderRef[]>`coalesce((select json_agg(json_build_object('uuid', p.uuid,
    'company_name', p.company_name) order by s.position)
  from service_request_provider s join provider p on p.id = s.provider_id
  where s.request_id = r.id), '[]')`

/** The provider who accepted the request `r`, null while none has (a column of a query on it). */
export const assignedJson = sql<ProviderRef | null>`(select json_build_object('uuid', p.uuid,
    'company_name', p.company_name)
  from provider p where p.id = r.assigned_provider_id)`

/** How many active providers offer the service of the request `r` in its area (a column of a query on it). */
export const possibleCount = sql<string | number>`(select count(*) from provider p where p.active
  and p.services @> array[r.service_category]::text[]
  and exists (select 1 from unnest(p.service_area) as s(area) where lower(trim(s.area)) = lower(trim(r.area))))`

/**
 * How many active providers offer each request's service in its area (the candidates' rule in ./candidates.ts),
 * so that a list can warn of a request nobody could take before anyone approves it.
 */
export async function possibleProviders(
  db: Db,
  requestIds: ReadonlyArray<number>,
): Promise<Map<number, number>> {
  if (requestIds.length === 0) return new Map()
  const rows = await db
    .selectFrom("service_request as r")
    .select(["r.id", possibleCount.as("n")])
    .where("r.id", "in", [...requestIds])
    .execute()
  return new Map(rows.map((r) => [r.id, Number(r.n)]))
}
