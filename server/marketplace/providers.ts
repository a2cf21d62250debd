import { sql } from "kysely"
import type { Provider, ServiceCategory } from "../../src/schema/marketplace/marketplace"
import type { ProviderListQuery } from "../../src/schema/marketplace/marketplace-input"
import type { ListResult } from "../paging"
import type { Db } from "./db"
import { marketplaceWindow, orderBy, orderDirection } from "./list-query"
import { containsPattern } from "./text"
import { providerToWire } from "./wire"

// The provider directory: search by name, service or area, filter by service and whether active.

const ORDER_COLUMNS = {
  company_name: { column: "p.company_name" },
  rating: { column: "p.rating", nullable: true },
  current_load: { column: "p.current_load" },
  created_at: { column: "p.created_at" },
} as const

export async function listProviders(db: Db, query: ProviderListQuery): Promise<ListResult<Provider>> {
  let base = db.selectFrom("provider as p")
  const search = query.search?.trim()
  if (search) base = base.where("p.search_text", "like", containsPattern(search))
  if (query.service !== undefined)
    base = base.where("p.services", "@>", sql<ServiceCategory[]>`array[${query.service}]::text[]`)
  if (query.active !== undefined) base = base.where("p.active", "=", query.active === "true")

  const order = orderBy(query.ordering ?? "company_name", ORDER_COLUMNS)
  const window = marketplaceWindow(query)
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
    base
      .leftJoin("company_application as a", "a.id", "p.application_id")
      .selectAll("p")
      .select("a.uuid as application_uuid")
      .orderBy(order.column, orderDirection(order))
      .orderBy("p.id", order.direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ])
  return {
    count: Number(counted.n),
    results: rows.map(({ application_uuid, ...row }) => providerToWire(row, application_uuid)),
  }
}
