import type { CandidateList } from "../../src/schema/marketplace/candidates"
import type {
  MaintenanceRequestDetail,
  RequestKind,
  WorkRequestDetail,
} from "../../src/schema/marketplace/marketplace"
import type { AuthUser } from "../auth/users"
import { screenCandidates } from "../documents/candidate-documents"
import { conflict, invalid } from "../errors"
import { announce } from "./announce"
import { recordAudit } from "./audit"
import { loadCandidates, rankRows, withDocumentFactor } from "./candidates"
import type { Db } from "./db"
import { makeOffers } from "./offers/make-offers"
import { selectedProviders } from "./provider-refs"
import { RECORD_KINDS } from "./records/record-kinds"
import { findRecord } from "./records/record-rows"
import { type CandidateFilters, candidateRows, NO_FILTERS } from "./shortlist/candidate-rows"
import { areaMap } from "./shortlist/distance"
import { shortlistRequest } from "./shortlist/shortlist-request"
import { formatWhen } from "./text"

// Choosing providers for an approved request. A request's providers are chosen once: a second selection is
// a 409 naming who chose whom and when, exactly like a second approval, because two coordinators picking
// different providers for the same job is the conflict we are guarding against. The selection is cleared
// again when every offer was declined, expired or withdrawn (./offers/offer-settle.ts); more providers are
// offered through ./offers/offer-changes.ts; an admin reopen releases everything.

type Detail = WorkRequestDetail | MaintenanceRequestDetail

export async function requestCandidates(
  db: Db,
  kind: RequestKind,
  uuid: string,
  now: Date,
  filters: CandidateFilters = NO_FILTERS,
): Promise<CandidateList> {
  const row = await shortlistRequest(db, kind, uuid)
  const rows = await candidateRows(db, row, filters)
  const ranked = rankRows(row, rows, new Set(row.chosen), areaMap(row.areas), filters)
  const screened = await screenCandidates(db, ranked, now)
  // An expired or expiring document costs its factor, which can change the order.
  const results = withDocumentFactor(screened.kept)
  return {
    count: results.length,
    results,
    left_out: screened.leftOut,
    request: {
      uuid: row.uuid,
      title: row.title,
      status: row.status,
      service_category: row.service_category,
      area: row.area,
    },
  }
}

export function selectProviders(
  db: Db,
  kind: RequestKind,
  uuid: string,
  actor: AuthUser,
  providerIds: ReadonlyArray<string>,
  now: Date,
  expirySeconds: number,
): Promise<Detail> {
  const info = RECORD_KINDS[kind]
  return db.transaction().execute(async (tx) => {
    const before = await findRecord(tx, info, uuid)
    if (before.status !== "approved")
      throw conflict(
        `Providers can only be chosen for an approved ${info.noun}; this one is ${before.status}.`,
      )

    // A provider left out for an expired insurance is not a candidate (docs/behaviour.md#documents).
    const candidates = (await screenCandidates(tx, await loadCandidates(tx, before, new Set()), now)).kept
    const byUuid = new Map(candidates.map((c) => [c.uuid, c]))
    const strangers = providerIds.filter((id) => !byUuid.has(id))
    if (strangers.length > 0)
      throw invalid(
        `provider_ids: ${strangers.join(", ")} ${strangers.length === 1 ? "is not a candidate" : "are not candidates"} for this ${info.noun}.`,
      )

    // The claim: only one selection can move the request from "approved, nobody chosen" to "chosen".
    const row = await tx
      .updateTable("service_request")
      .set({
        providers_selected_at: now,
        providers_selected_by_user_id: actor.id,
        providers_selected_by_name: actor.full_name,
      })
      .where("id", "=", before.id)
      .where("status", "=", "approved")
      .where("providers_selected_at", "is", null)
      .returningAll()
      .executeTakeFirst()
    if (row === undefined) {
      const current = await findRecord(tx, info, uuid)
      if (current.status !== "approved")
        throw conflict(
          `Providers can only be chosen for an approved ${info.noun}; this one is ${current.status}.`,
        )
      const chosen = (await selectedProviders(tx, [current.id])).get(current.id) ?? []
      const names = chosen.map((p) => p.company_name).join(", ")
      const when = current.providers_selected_at ? ` at ${formatWhen(current.providers_selected_at)}` : ""
      throw conflict(
        `Providers were already chosen for this ${info.noun} by ${current.providers_selected_by_name ?? "someone"}${when}: ${names}.`,
      )
    }

    const picked = providerIds.flatMap((id) => {
      const c = byUuid.get(id)
      return c === undefined ? [] : [c]
    })
    // Each chosen provider gets an offer to answer (docs/behaviour.md#offers).
    await makeOffers(tx, row.id, picked, actor, { now, expirySeconds })

    const refs = picked.map((p) => ({ uuid: p.uuid, company_name: p.company_name }))
    await recordAudit(tx, {
      recordKind: info.recordKind,
      recordUuid: row.uuid,
      recordTitle: row.title,
      actor,
      action: "providers_selected",
      from: "approved",
      to: "approved",
      details: { providers: refs },
      at: now,
    })
    await announce(tx, {
      title: `Providers chosen for ${info.noun}`,
      message: `${actor.full_name} chose ${refs.map((p) => p.company_name).join(", ")} for "${row.title}" (${row.area}).`,
      type: "system",
      priority: "low",
      actionUrl: info.detailPath(row.uuid),
      actorUserId: actor.id,
      senderName: actor.full_name,
    })
    return info.detail(tx, row, now)
  })
}
