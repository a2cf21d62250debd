import { notify } from "../../notifications/notify"
import type { Db } from "../db"
import { REQUEST_KINDS } from "../kinds"
import { openOfferCount } from "./offer-rows"

// When the last open offer of an unassigned request closes, the request is awaiting providers again: its
// selection is cleared so that providers can be chosen afresh, and when the providers said no (declined or let
// the offer expire) whoever holds the request hears it, as a `reminder` (docs/behaviour.md#offers).

export const awaitingTitle = (title: string): string => `Awaiting providers: ${title}`
/** Who the reminder is from: told apart from the overdue reminders' "Back office". */
export const OFFERS_SENDER = "Offers"

export async function settleRequest(
  tx: Db,
  requestId: number,
  remind: boolean,
): Promise<"awaiting_providers" | "unchanged"> {
  if ((await openOfferCount(tx, requestId)) > 0) return "unchanged"
  const cleared = await tx
    .updateTable("service_request")
    .set({
      providers_selected_at: null,
      providers_selected_by_user_id: null,
      providers_selected_by_name: null,
    })
    .where("id", "=", requestId)
    .where("status", "=", "approved")
    .where("assigned_provider_id", "is", null)
    .returning(["uuid", "kind", "title", "assignee_user_id"])
    .executeTakeFirst()
  if (cleared === undefined) return "unchanged"
  if (!remind) return "awaiting_providers"
  // Whoever holds the request; with nobody holding it, whoever chose the providers.
  const chooser = await tx
    .selectFrom("provider_offer")
    .select("offered_by_user_id")
    .where("request_id", "=", requestId)
    .where("offered_by_user_id", "is not", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst()
  const to = cleared.assignee_user_id ?? chooser?.offered_by_user_id ?? null
  if (to === null) return "awaiting_providers"
  const info = REQUEST_KINDS[cleared.kind]
  await notify(tx, {
    to: { userIds: [to] },
    title: awaitingTitle(cleared.title),
    message: `Every provider offered this ${info.noun} declined or let the offer expire: choose others.`,
    notification_type: "reminder",
    priority: "high",
    action_url: info.detailPath(cleared.uuid),
    sender_name: OFFERS_SENDER,
  })
  return "awaiting_providers"
}
