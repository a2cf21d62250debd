import type { RecordChangedMessage } from "../../schema/live/socket"
import type { Assignee, AuditAction } from "../../schema/marketplace/marketplace"
import type { ListItem, ListSource } from "../marketplace/marketplace-types"
import { relativeTime } from "../system/relative-time"

// A marketplace change made elsewhere, as the pages take it (docs/behaviour.md#live-records): the record as the
// lists show it, and, when someone else made it, the words that mark it where it happened. Pure.

/** "Approved by Corey Coordinator", and when (the server's instant). */
export interface ChangeMark {
  readonly words: string
  readonly at: string
}

/** Who holds the record after the change, as this user's lists filter it (Mine, Unassigned). */
export type Holder = "me" | "someone else" | "nobody"

export interface RemoteChange {
  readonly source: ListSource
  readonly uuid: string
  readonly record: ListItem
  /** Null for a change this user made (in another tab): it is applied, not marked as someone else's. */
  readonly mark: ChangeMark | null
  readonly holder: Holder
  /** What happened, as the audit trail names it (an upload is `documents_received`). */
  readonly action?: AuditAction
}

const VERB: Readonly<Record<AuditAction, string>> = {
  submitted: "Submitted",
  approved: "Approved",
  accepted: "Accepted",
  rejected: "Rejected",
  reopened: "Reopened",
  providers_selected: "Providers chosen",
  assigned: "Claimed",
  unassigned: "Released",
  information_requested: "Information requested",
  documents_received: "Documents received",
  offer_accepted: "Offer accepted",
  offer_declined: "Offer declined",
  offer_expired: "Offer expired",
  offer_withdrawn: "Offer withdrawn",
  providers_offered: "More providers offered",
  note_added: "Note added",
}

export const holderOf = (assignee: Assignee | null, userId: number | null): Holder =>
  assignee === null ? "nobody" : userId !== null && assignee.id === userId ? "me" : "someone else"

export function remoteChangeOf(message: RecordChangedMessage, userId: number | null): RemoteChange {
  const mine = userId !== null && message.actor.id === userId
  return {
    source: message.kind,
    uuid: message.uuid,
    record: message.record,
    mark: mine ? null : { words: `${VERB[message.change]} by ${message.actor.full_name}`, at: message.at },
    holder: holderOf(message.record.assignee, userId),
    action: message.change,
  }
}

/** Under a minute reads "just now"; after that, "5 minutes ago". */
const JUST_NOW_MS = 60_000

/** "Approved by Corey Coordinator just now". */
export function markText(mark: ChangeMark, now: number): string {
  const then = Date.parse(mark.at)
  const when = Number.isNaN(then) || now - then < JUST_NOW_MS ? "just now" : relativeTime(mark.at, now)
  return `${mark.words} ${when}`
}
