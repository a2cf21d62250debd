import { type Kysely, sql } from "kysely"
import type { Database } from "../../db/schema"
import { recordAudit } from "../audit"
import { REQUEST_KINDS } from "../kinds"
import { REMINDER_SENDER } from "../reminders"
import { releaseOfferedProviders } from "./offer-release"
import { settleRequest } from "./offer-settle"

// Offers nobody answered in time (docs/behaviour.md#offers). Every instance looks; a transaction-scoped
// advisory lock lets one look at a time, and each offer moves only from "offered", so an answer that lands
// first wins and the expiry leaves it alone.

const OFFER_EXPIRY_LOCK_KEY = 4_711_570
/** At most this many offers per look; a backlog drains over a few looks. */
export const OFFER_EXPIRY_BATCH = 100

/** One look: expires every open offer past its time; returns how many. */
export function expireOffers(db: Kysely<Database>, now: Date, batch = OFFER_EXPIRY_BATCH): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(OFFER_EXPIRY_LOCK_KEY)})`.execute(tx)
    const due = await tx
      .selectFrom("provider_offer as o")
      .innerJoin("provider as p", "p.id", "o.provider_id")
      .innerJoin("service_request as r", "r.id", "o.request_id")
      .select([
        "o.id",
        "o.uuid",
        "o.request_id",
        "o.provider_id",
        "p.uuid as provider_uuid",
        "p.company_name",
        "r.uuid as request_uuid",
        "r.kind",
        "r.title",
      ])
      .where("o.state", "=", "offered")
      .where("o.expires_at", "<=", now)
      .orderBy("o.expires_at")
      .orderBy("o.id")
      .limit(batch)
      .execute()
    let expired = 0
    for (const offer of due) {
      await tx
        .selectFrom("service_request")
        .select("id")
        .where("id", "=", offer.request_id)
        .forUpdate()
        .execute()
      const changed = await tx
        .updateTable("provider_offer")
        .set({ state: "expired", answered_at: now })
        .where("id", "=", offer.id)
        .where("state", "=", "offered")
        .returning("id")
        .executeTakeFirst()
      if (changed === undefined) continue
      expired += 1
      await releaseOfferedProviders(tx, offer.request_id, [offer.provider_id])
      const provider = { uuid: offer.provider_uuid, company_name: offer.company_name }
      await recordAudit(tx, {
        recordKind: REQUEST_KINDS[offer.kind].recordKind,
        recordUuid: offer.request_uuid,
        recordTitle: offer.title,
        actor: { id: null, full_name: REMINDER_SENDER },
        action: "offer_expired",
        from: "approved",
        to: "approved",
        details: { offer: { uuid: offer.uuid, provider } },
        at: now,
      })
      await settleRequest(tx, offer.request_id, true)
    }
    return expired
  })
}
