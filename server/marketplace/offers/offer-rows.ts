import { sql } from "kysely"
import type { IntakeOffer } from "../../../src/schema/marketplace/intake-offers"
import type { Offer, ProviderRef } from "../../../src/schema/marketplace/marketplace"
import { conflict, notFound } from "../../errors"
import { isUuid } from "../../ids"
import type { Db } from "../db"
import { formatWhen } from "../text"
import { type OfferRow, offerToWire } from "../wire"

// Reading offers, and the 409 an answer gets once its offer is no longer open: what happened to it and when,
// so that a provider (or a coordinator) learns why, not just that it failed.

export const NO_SUCH_OFFER = "No such offer."

/** An offer and the provider it was made to. */
export interface OfferWithProvider {
  readonly row: OfferRow
  readonly provider: ProviderRef
}

const withProvider = (db: Db) =>
  db
    .selectFrom("provider_offer as o")
    .innerJoin("provider as p", "p.id", "o.provider_id")
    .selectAll("o")
    .select(["p.uuid as provider_uuid", "p.company_name as provider_name"])

type Joined = OfferRow & { provider_uuid: string; provider_name: string }

const split = ({ provider_uuid, provider_name, ...row }: Joined): OfferWithProvider => ({
  row,
  provider: { uuid: provider_uuid, company_name: provider_name },
})

/** An offer as json_build_object writes it (the times as text), with its provider. */
export interface OfferJson {
  readonly offer: Omit<OfferRow, "offered_at" | "expires_at" | "answered_at"> & {
    readonly offered_at: string
    readonly expires_at: string
    readonly answered_at: string | null
  }
  readonly provider: ProviderRef
}

/**
 * Every offer of a request in the order they were made, as a column of another statement (read by
 * offersFromJson), so that a detail is one round trip.
 */
export const offersJson = (requestId: number) =>
  sql<OfferJson[]>`coalesce((select json_agg(json_build_object('offer', o,
      'provider', json_build_object('uuid', p.uuid, 'company_name', p.company_name)) order by o.id)
    from provider_offer o join provider p on p.id = o.provider_id where o.request_id = ${requestId}), '[]')`

export const offersFromJson = (rows: ReadonlyArray<OfferJson>): Offer[] =>
  rows.map(({ offer, provider }) =>
    offerToWire(
      {
        ...offer,
        offered_at: new Date(offer.offered_at),
        expires_at: new Date(offer.expires_at),
        answered_at: offer.answered_at === null ? null : new Date(offer.answered_at),
      },
      provider,
    ),
  )

/** The offer with this uuid (locked for the transaction when `forUpdate`); an unknown one is a 404. */
export async function findOffer(db: Db, uuid: string, forUpdate = false): Promise<OfferWithProvider> {
  if (!isUuid(uuid)) throw notFound(NO_SUCH_OFFER)
  const query = withProvider(db).where("o.uuid", "=", uuid)
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst()
  if (row === undefined) throw notFound(NO_SUCH_OFFER)
  return split(row)
}

/** The offer as the intake API shows it: with the job it is for. */
export async function intakeOffer(db: Db, offer: OfferWithProvider): Promise<IntakeOffer> {
  const request = await db
    .selectFrom("service_request")
    .select(["uuid", "kind", "title", "area", "service_category", "urgency"])
    .where("id", "=", offer.row.request_id)
    .executeTakeFirstOrThrow()
  return { ...offerToWire(offer.row, offer.provider), request }
}

/** How many offers of a request are still open. */
export async function openOfferCount(db: Db, requestId: number): Promise<number> {
  const row = await db
    .selectFrom("provider_offer")
    .select(sql<string | number>`count(*)`.as("n"))
    .where("request_id", "=", requestId)
    .where("state", "=", "offered")
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Why an offer can no longer be answered, in words; `takenBy` names who got the job, if anyone did. */
export function notOpen(offer: OfferRow, takenBy: string | null, now: Date) {
  const when = offer.answered_at ? ` at ${formatWhen(offer.answered_at)}` : ""
  if (takenBy !== null && offer.state !== "accepted")
    return conflict(`This job is taken: ${takenBy} accepted it first.`)
  switch (offer.state) {
    case "accepted":
      return conflict(`This offer was already accepted${when}.`)
    case "declined":
      return conflict(`This offer was already declined${when}.`)
    case "withdrawn":
      return conflict(`This offer was withdrawn${when}${offer.reason ? `: ${offer.reason}` : "."}`)
    case "expired":
      return conflict(`This offer expired at ${formatWhen(offer.expires_at)}.`)
    case "offered":
      return conflict(
        offer.expires_at <= now
          ? `This offer expired at ${formatWhen(offer.expires_at)}.`
          : "This offer changed while it was being answered; try again.",
      )
  }
}

/**
 * Locks the request an offer belongs to (PostgreSQL) before anything of it changes: every path that changes
 * offers takes this lock first, so an acceptance, a decline, a withdrawal and an expiry of one request queue
 * behind each other instead of deadlocking over its offers.
 */
export async function lockOfferRequest(db: Db, offerUuid: string): Promise<OfferWithProvider> {
  const offer = await findOffer(db, offerUuid)
  await db
    .selectFrom("service_request")
    .select("id")
    .where("id", "=", offer.row.request_id)
    .forUpdate()
    .execute()
  return offer
}
