import { sql } from "kysely"
import type { ProviderRef } from "../../src/schema/marketplace/marketplace"
import type { Db } from "./db"

/** Undoes a selection: the providers lose the job from their load and the request forgets them. */
export async function releaseProviders(db: Db, requestId: number): Promise<ProviderRef[]> {
  const rows = await db
    .deleteFrom("service_request_provider")
    .where("request_id", "=", requestId)
    .returning(["provider_id", "position"])
    .execute()
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.provider_id)
  const providers = await db
    .updateTable("provider")
    .set({ current_load: sql<number>`greatest(current_load - 1, 0)` })
    .where("id", "in", ids)
    .returning(["id", "uuid", "company_name"])
    .execute()
  const position = new Map(rows.map((r) => [r.provider_id, r.position]))
  return providers
    .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
    .map((p) => ({ uuid: p.uuid, company_name: p.company_name }))
}
