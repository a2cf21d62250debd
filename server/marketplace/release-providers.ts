import { sql } from "kysely"
import type { ProviderRef } from "../../src/schema/marketplace/marketplace"
import type { Db } from "./db"

/** Why and when a request's open offers end when its selection is undone. */
export interface Withdrawal {
  readonly at: Date
  readonly reason: string
}

/**
 * Undoes a selection in one statement (each statement of a reopen is a round trip, bench/RESULTS.md): the
 * request's open offers are withdrawn, its providers lose the job from their load and the request forgets
 * them. Returns those providers in the order they were chosen.
 */
export async function releaseProviders(
  db: Db,
  requestId: number,
  withdrawal: Withdrawal,
): Promise<ProviderRef[]> {
  const rows = await db
    .with("withdrawn", (qc) =>
      qc
        .updateTable("provider_offer")
        .set({ state: "withdrawn", answered_at: withdrawal.at, reason: withdrawal.reason })
        .where("request_id", "=", requestId)
        .where("state", "=", "offered"),
    )
    .with("gone", (qc) =>
      qc
        .deleteFrom("service_request_provider")
        .where("request_id", "=", requestId)
        .returning(["provider_id", "position"]),
    )
    .updateTable("provider")
    .from("gone")
    .set({ current_load: sql<number>`greatest(current_load - 1, 0)` })
    .whereRef("provider.id", "=", "gone.provider_id")
    .returning(["provider.uuid", "provider.company_name", "gone.position"])
    .execute()
  return rows
    .sort((a, b) => a.position - b.position)
    .map((p) => ({ uuid: p.uuid, company_name: p.company_name }))
}
