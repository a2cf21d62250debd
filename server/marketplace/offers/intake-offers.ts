import type { IntakeOffer } from "../../../src/schema/marketplace/intake-offers"
import type { OfferListQuery } from "../../../src/schema/marketplace/marketplace-input"
import type { ListResult } from "../../paging"
import type { Db } from "../db"
import { marketplaceWindow } from "../list-query"
import { offerToWire } from "../wire"

// The offers the marketplace's provider side shows its providers: open ones by default, oldest first, each
// with the job it is for (title, area, trade, urgency) and never the customer.

export async function listIntakeOffers(db: Db, query: OfferListQuery): Promise<ListResult<IntakeOffer>> {
  const state = query.state ?? "offered"
  const base = db.selectFrom("provider_offer as o").where("o.state", "=", state)
  const window = marketplaceWindow(query)
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
    base
      .innerJoin("provider as p", "p.id", "o.provider_id")
      .innerJoin("service_request as r", "r.id", "o.request_id")
      .selectAll("o")
      .select([
        "p.uuid as provider_uuid",
        "p.company_name as provider_name",
        "r.uuid as request_uuid",
        "r.kind as request_kind",
        "r.title as request_title",
        "r.area as request_area",
        "r.service_category as request_service",
        "r.urgency as request_urgency",
      ])
      .orderBy("o.offered_at")
      .orderBy("o.id")
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ])
  return {
    count: Number(counted.n),
    results: rows.map((r) => ({
      ...offerToWire(r, { uuid: r.provider_uuid, company_name: r.provider_name }),
      request: {
        uuid: r.request_uuid,
        kind: r.request_kind,
        title: r.request_title,
        area: r.request_area,
        service_category: r.request_service,
        urgency: r.request_urgency,
      },
    })),
  }
}
