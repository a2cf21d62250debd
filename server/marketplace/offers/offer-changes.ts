import type {
  MaintenanceRequestDetail,
  RequestKind,
  WorkRequestDetail,
} from "../../../src/schema/marketplace/marketplace"
import type { AuthUser } from "../../auth/users"
import { conflict, invalid, notFound } from "../../errors"
import { announce } from "../announce"
import { recordAudit } from "../audit"
import { loadCandidates } from "../candidates"
import type { Db } from "../db"
import { notifyFollowers } from "../followers"
import { selectedProviders } from "../provider-refs"
import { RECORD_KINDS } from "../records/record-kinds"
import { findCore, rowOf } from "../records/record-rows"
import { makeOffers, type OfferTerms } from "./make-offers"
import { releaseOfferedProviders } from "./offer-release"
import { findOffer, notOpen } from "./offer-rows"
import { settleRequest } from "./offer-settle"

// Changing course on an approved request (docs/behaviour.md#offers): withdraw an open offer, or offer the job
// to more providers, each with a reason in the audit trail. Both lock the request first, like every offer change.

type Detail = WorkRequestDetail | MaintenanceRequestDetail

const TAKEN = (noun: string) =>
  `This ${noun} was already accepted by a provider; nothing more can be offered.`

export function withdrawOffer(
  db: Db,
  kind: RequestKind,
  uuid: string,
  offerUuid: string,
  actor: AuthUser,
  reason: string,
  now: Date,
): Promise<Detail> {
  const info = RECORD_KINDS[kind]
  return db.transaction().execute(async (tx) => {
    const core = await findCore(tx, info, uuid, true)
    const offer = await findOffer(tx, offerUuid).catch(() => null)
    if (offer === null || offer.row.request_id !== core.id)
      throw notFound(`No such offer for this ${info.noun}.`)
    const changed = await tx
      .updateTable("provider_offer")
      .set({ state: "withdrawn", answered_at: now, reason: reason.trim() })
      .where("id", "=", offer.row.id)
      .where("state", "=", "offered")
      .returning("id")
      .executeTakeFirst()
    if (changed === undefined) throw notOpen(offer.row, null, now)
    await releaseOfferedProviders(tx, core.id, [offer.row.provider_id])
    const row = await rowOf(tx, info, core.id)
    await recordAudit(tx, {
      recordKind: info.recordKind,
      recordUuid: row.uuid,
      recordTitle: row.title,
      actor,
      action: "offer_withdrawn",
      from: row.status,
      to: row.status,
      reason: reason.trim(),
      details: { offer: { uuid: offer.row.uuid, provider: offer.provider } },
      at: now,
    })
    await notifyFollowers(tx, {
      recordKind: info.recordKind,
      uuid: row.uuid,
      assignee: row.assignee_user_id,
      actor,
      title: `Offer withdrawn: ${row.title}`,
      message: `${actor.full_name} withdrew the offer to ${offer.provider.company_name}: ${reason.trim()}`,
    })
    await settleRequest(tx, core.id, false)
    return info.detail(tx, await rowOf(tx, info, core.id), now)
  })
}

export function offerMoreProviders(
  db: Db,
  kind: RequestKind,
  uuid: string,
  actor: AuthUser,
  providerIds: ReadonlyArray<string>,
  reason: string,
  terms: OfferTerms,
): Promise<Detail> {
  const info = RECORD_KINDS[kind]
  return db.transaction().execute(async (tx) => {
    const core = await findCore(tx, info, uuid, true)
    const before = await rowOf(tx, info, core.id)
    if (before.status !== "approved")
      throw conflict(`Providers can only be offered an approved ${info.noun}; this one is ${before.status}.`)
    if (before.assigned_provider_id !== null) throw conflict(TAKEN(info.noun))
    const holding = new Set(((await selectedProviders(tx, [core.id])).get(core.id) ?? []).map((p) => p.uuid))
    const candidates = new Map((await loadCandidates(tx, before, new Set())).map((c) => [c.uuid, c]))
    const strangers = providerIds.filter((id) => !candidates.has(id))
    if (strangers.length > 0)
      throw invalid(
        `provider_ids: ${strangers.join(", ")} ${strangers.length === 1 ? "is not a candidate" : "are not candidates"} for this ${info.noun}.`,
      )
    const already = providerIds.filter((id) => holding.has(id))
    if (already.length > 0)
      throw invalid(
        `provider_ids: ${already.map((id) => candidates.get(id)?.company_name ?? id).join(", ")} already ${already.length === 1 ? "has" : "have"} an open offer.`,
      )
    const picked = providerIds.flatMap((id) => {
      const c = candidates.get(id)
      return c === undefined ? [] : [{ uuid: c.uuid, company_name: c.company_name }]
    })
    await makeOffers(tx, core.id, picked, actor, terms)
    // Offering to a request that was awaiting providers makes it a selection again.
    await tx
      .updateTable("service_request")
      .set({
        providers_selected_at: terms.now,
        providers_selected_by_user_id: actor.id,
        providers_selected_by_name: actor.full_name,
      })
      .where("id", "=", core.id)
      .where("providers_selected_at", "is", null)
      .execute()
    await recordAudit(tx, {
      recordKind: info.recordKind,
      recordUuid: before.uuid,
      recordTitle: before.title,
      actor,
      action: "providers_offered",
      from: "approved",
      to: "approved",
      reason: reason.trim(),
      details: { providers: picked },
      at: terms.now,
    })
    await notifyFollowers(tx, {
      recordKind: info.recordKind,
      uuid: before.uuid,
      assignee: before.assignee_user_id,
      actor,
      title: `More providers offered: ${before.title}`,
      message: `${actor.full_name} offered the job to ${picked.map((p) => p.company_name).join(", ")}: ${reason.trim()}`,
    })
    await announce(tx, {
      title: `More providers offered a ${info.noun}`,
      message: `${actor.full_name} offered "${before.title}" (${before.area}) to ${picked.map((p) => p.company_name).join(", ")}: ${reason.trim()}`,
      type: "system",
      priority: "low",
      actionUrl: info.detailPath(before.uuid),
      actorUserId: actor.id,
      senderName: actor.full_name,
    })
    return info.detail(tx, await rowOf(tx, info, core.id), terms.now)
  })
}
