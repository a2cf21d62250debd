import type { IntakeOffer } from "../../../src/schema/marketplace/intake-offers"
import type { ProviderRef } from "../../../src/schema/marketplace/marketplace"
import { conflict } from "../../errors"
import { announce } from "../announce"
import { recordAudit } from "../audit"
import type { Db } from "../db"
import { REQUEST_KINDS } from "../kinds"
import { releaseOfferedProviders } from "./offer-release"
import { findOffer, intakeOffer, lockOfferRequest, notOpen, type OfferWithProvider } from "./offer-rows"
import { settleRequest } from "./offer-settle"

// A provider's answer, through the intake API (docs/behaviour.md#offers). Each answer is one conditional
// update of the offer (only an open, unexpired offer changes), so an answer that races an expiry, a withdrawal
// or another answer either lands whole or is told what happened. The first acceptance also claims the request
// with a conditional update of its `assigned_provider_id`: of two providers accepting at once exactly one
// wins, and the other is told the job is taken.

/** What other open offers become when one provider takes the job. */
export const TAKEN_REASON = "Another provider accepted the job."

interface RequestOf {
  readonly id: number
  readonly uuid: string
  readonly kind: "work" | "maintenance"
  readonly title: string
  readonly area: string
  readonly assigned_provider_id: number | null
}

const requestOf = (tx: Db, id: number): Promise<RequestOf> =>
  tx
    .selectFrom("service_request")
    .select(["id", "uuid", "kind", "title", "area", "assigned_provider_id"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow()

async function takenBy(tx: Db, request: RequestOf): Promise<string | null> {
  if (request.assigned_provider_id === null) return null
  const p = await tx
    .selectFrom("provider")
    .select("company_name")
    .where("id", "=", request.assigned_provider_id)
    .executeTakeFirst()
  return p?.company_name ?? "another provider"
}

/** Moves an open, unexpired offer to `to`; anything else is the 409 saying what became of it. */
async function close(
  tx: Db,
  uuid: string,
  to: "accepted" | "declined",
  reason: string | null,
  now: Date,
): Promise<OfferWithProvider> {
  const offer = await lockOfferRequest(tx, uuid)
  const changed = await tx
    .updateTable("provider_offer")
    .set({ state: to, answered_at: now, reason })
    .where("id", "=", offer.row.id)
    .where("state", "=", "offered")
    .where("expires_at", ">", now)
    .returning("id")
    .executeTakeFirst()
  if (changed === undefined) {
    const current = await findOffer(tx, uuid)
    throw notOpen(current.row, await takenBy(tx, await requestOf(tx, current.row.request_id)), now)
  }
  return findOffer(tx, uuid)
}

export function acceptOffer(db: Db, uuid: string, now: Date): Promise<IntakeOffer> {
  return db.transaction().execute(async (tx) => {
    const offer = await close(tx, uuid, "accepted", null, now)
    const request = await requestOf(tx, offer.row.request_id)
    const claimed = await tx
      .updateTable("service_request")
      .set({ assigned_provider_id: offer.row.provider_id, provider_assigned_at: now })
      .where("id", "=", request.id)
      .where("status", "=", "approved")
      .where("assigned_provider_id", "is", null)
      .returning("id")
      .executeTakeFirst()
    if (claimed === undefined) {
      const winner = await takenBy(tx, await requestOf(tx, request.id))
      throw conflict(
        winner === null
          ? "This job is no longer open: the request was reopened."
          : `This job is taken: ${winner} accepted it first.`,
      )
    }
    const others = await tx
      .updateTable("provider_offer")
      .set({ state: "withdrawn", answered_at: now, reason: TAKEN_REASON })
      .where("request_id", "=", request.id)
      .where("state", "=", "offered")
      .returning("provider_id")
      .execute()
    const otherIds = others.map((o) => o.provider_id)
    const withdrawn: ProviderRef[] =
      otherIds.length === 0
        ? []
        : await tx
            .selectFrom("provider")
            .select(["uuid", "company_name"])
            .where("id", "in", otherIds)
            .orderBy("company_name")
            .execute()
    await releaseOfferedProviders(tx, request.id, otherIds)

    const info = REQUEST_KINDS[request.kind]
    await recordAudit(tx, {
      recordKind: info.recordKind,
      recordUuid: request.uuid,
      recordTitle: request.title,
      actor: { id: null, full_name: offer.provider.company_name },
      action: "offer_accepted",
      from: "approved",
      to: "approved",
      details: {
        offer: { uuid: offer.row.uuid, provider: offer.provider },
        ...(withdrawn.length > 0 ? { withdrawn_offers: withdrawn } : {}),
      },
      at: now,
    })
    await announce(tx, {
      title: `Job taken: ${request.title}`,
      message: `${offer.provider.company_name} accepted the ${info.noun} "${request.title}" (${request.area}).`,
      type: "approval",
      priority: "medium",
      actionUrl: info.detailPath(request.uuid),
      actorUserId: null,
      senderName: offer.provider.company_name,
    })
    return intakeOffer(tx, offer)
  })
}

export function declineOffer(db: Db, uuid: string, reason: string | null, now: Date): Promise<IntakeOffer> {
  return db.transaction().execute(async (tx) => {
    const offer = await close(tx, uuid, "declined", reason?.trim() || null, now)
    const request = await requestOf(tx, offer.row.request_id)
    await releaseOfferedProviders(tx, request.id, [offer.row.provider_id])
    const info = REQUEST_KINDS[request.kind]
    await recordAudit(tx, {
      recordKind: info.recordKind,
      recordUuid: request.uuid,
      recordTitle: request.title,
      actor: { id: null, full_name: offer.provider.company_name },
      action: "offer_declined",
      from: "approved",
      to: "approved",
      reason: offer.row.reason,
      details: { offer: { uuid: offer.row.uuid, provider: offer.provider } },
      at: now,
    })
    await settleRequest(tx, request.id, true)
    return intakeOffer(tx, offer)
  })
}
