import { sql } from "kysely"
import type { ProviderRef } from "../../../src/schema/marketplace/marketplace"
import type { AuthUser } from "../../auth/users"
import type { Db } from "../db"

// Offering a request to providers: each gets an open offer that expires after the configured time, holds a
// place among the request's chosen providers, and counts one more open job in its load.

export interface OfferTerms {
  readonly now: Date
  /** OFFER_EXPIRY_SECONDS: how long a provider has to answer. */
  readonly expirySeconds: number
}

export async function makeOffers(
  tx: Db,
  requestId: number,
  providers: ReadonlyArray<ProviderRef>,
  actor: AuthUser,
  terms: OfferTerms,
): Promise<void> {
  if (providers.length === 0) return
  const rows = await tx
    .selectFrom("provider")
    .select(["id", "uuid"])
    .where(
      "uuid",
      "in",
      providers.map((p) => p.uuid),
    )
    .execute()
  const idOf = new Map(rows.map((r) => [r.uuid, r.id]))
  const ids = providers.flatMap((p) => {
    const id = idOf.get(p.uuid)
    return id === undefined ? [] : [id]
  })
  const last = await tx
    .selectFrom("service_request_provider")
    .select(sql<number | null>`max(position)`.as("last"))
    .where("request_id", "=", requestId)
    .executeTakeFirst()
  const first = last?.last == null ? 0 : Number(last.last) + 1
  await tx
    .insertInto("service_request_provider")
    .values(ids.map((provider_id, i) => ({ request_id: requestId, provider_id, position: first + i })))
    .execute()
  await tx
    .updateTable("provider")
    .set({ current_load: sql<number>`current_load + 1` })
    .where("id", "in", ids)
    .execute()
  const expires = new Date(terms.now.getTime() + terms.expirySeconds * 1000)
  await tx
    .insertInto("provider_offer")
    .values(
      ids.map((provider_id) => ({
        request_id: requestId,
        provider_id,
        offered_at: terms.now,
        offered_by_user_id: actor.id,
        offered_by_name: actor.full_name,
        expires_at: expires,
      })),
    )
    .execute()
}
