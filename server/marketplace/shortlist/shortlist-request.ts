import { sql } from "kysely"
import type { RequestKind } from "../../../src/schema/marketplace/marketplace"
import { notFound } from "../../errors"
import { isUuid } from "../../ids"
import type { Db } from "../db"
import type { AreaRow } from "./distance"

// What the shortlist needs besides the candidates, in one round trip: the request, the providers already
// chosen for it and where each postcode area lies. Read as three queries they were half the calls the
// shortlist made, and under load every call to PostgreSQL waits its turn for the CPU.

export async function shortlistRequest(db: Db, kind: RequestKind, uuid: string) {
  if (!isUuid(uuid)) throw notFound()
  const row = await db
    .selectFrom("service_request as r")
    .select(["r.id", "r.uuid", "r.title", "r.status", "r.service_category", "r.area", "r.location"])
    .select([
      sql<string[]>`array(select p.uuid::text from service_request_provider s
        join provider p on p.id = s.provider_id where s.request_id = r.id)`.as("chosen"),
      // Unordered like a plain read of the table: a town written twice in different cases keeps the same one.
      sql<AreaRow[]>`(select coalesce(json_agg(json_build_object('code', a.code, 'town', a.town,
        'lat', a.lat, 'lon', a.lon)), '[]') from postcode_area a)`.as("areas"),
    ])
    .where("r.uuid", "=", uuid)
    .where("r.kind", "=", kind)
    .executeTakeFirst()
  if (row === undefined) throw notFound()
  return row
}
