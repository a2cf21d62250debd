import type { RecordKind } from "../../src/schema/marketplace/marketplace"
import { linkTo } from "../../src/schema/system/app-routes"
import { notify } from "../notifications/notify"
import type { Db } from "./db"

// Who follows a record (docs/behaviour.md#offers): whoever claimed it and the staff who acted on it, as its
// audit trail names them. A change of course is told to them, never to the person who made it.

/** The record's claimant and the staff who acted on it: the people following it. */
export async function followersOf(tx: Db, uuid: string, assignee: number | null): Promise<number[]> {
  const acted = await tx
    .selectFrom("marketplace_audit")
    .select("actor_user_id")
    .distinct()
    .where("record_uuid", "=", uuid)
    .where("actor_user_id", "is not", null)
    .execute()
  const ids = new Set(acted.flatMap((r) => (r.actor_user_id === null ? [] : [r.actor_user_id])))
  if (assignee !== null) ids.add(assignee)
  return [...ids]
}

export interface FollowerNews {
  readonly recordKind: RecordKind
  readonly uuid: string
  readonly assignee: number | null
  readonly actor: { readonly id: number; readonly full_name: string }
  readonly title: string
  readonly message: string
}

/** An `approval` notification to the followers of a request, linking to it, except the actor. */
export async function notifyFollowers(tx: Db, news: FollowerNews): Promise<void> {
  const followers = (await followersOf(tx, news.uuid, news.assignee)).filter((id) => id !== news.actor.id)
  if (followers.length === 0) return
  await notify(tx, {
    to: { userIds: followers },
    exceptUserId: news.actor.id,
    title: news.title,
    message: news.message,
    notification_type: "approval",
    priority: "medium",
    action_url: linkTo.record(news.recordKind, news.uuid),
    sender_name: news.actor.full_name,
  })
}
