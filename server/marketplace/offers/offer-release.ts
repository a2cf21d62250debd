import { sql } from "kysely"
import type { Db } from "../db"

// An offer that closes without the job (declined, expired, withdrawn) gives the provider back the load it
// took when offered, and the request no longer counts them among its chosen providers: those are the
// providers holding an open offer or the job.

export async function releaseOfferedProviders(
  db: Db,
  requestId: number,
  providerIds: ReadonlyArray<number>,
): Promise<void> {
  if (providerIds.length === 0) return
  const gone = await db
    .deleteFrom("service_request_provider")
    .where("request_id", "=", requestId)
    .where("provider_id", "in", [...providerIds])
    .returning("provider_id")
    .execute()
  if (gone.length === 0) return
  await db
    .updateTable("provider")
    .set({ current_load: sql<number>`greatest(current_load - 1, 0)` })
    .where(
      "id",
      "in",
      gone.map((g) => g.provider_id),
    )
    .execute()
}
