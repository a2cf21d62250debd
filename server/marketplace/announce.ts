import { categoriesFor } from "../../src/schema/auth/permissions"
import type { NotificationType, Priority } from "../../src/schema/notifications/notifications"
import { type NotifyInput, notify } from "../notifications/notify"
import type { Db } from "./db"

// Who hears about what. Every marketplace change is announced to the people who work the queues (the
// categories that may decide records: admins and website coordinators), except the one who made it; a
// submission from outside goes to all of them. The notification is written in the caller's transaction, so it
// exists exactly when the change does.

/** Who works the queues: the categories that may decide records. */
export const STAFF = categoriesFor("record.decide")

/** The types the marketplace announces with. */
type AnnouncedType = Extract<NotificationType, "company_update" | "approval" | "system" | "system_alert">

export interface Announcement {
  readonly title: string
  readonly message: string
  readonly type: AnnouncedType
  readonly priority: Priority
  readonly actionUrl: string
  /** The acting user, who needs no notification of their own action; null for outside submissions. */
  readonly actorUserId: number | null
  readonly senderName: string
}

/** The notification an announcement is. */
export const announcement = (a: Announcement): NotifyInput => ({
  to: { categories: STAFF },
  ...(a.actorUserId === null ? {} : { exceptUserId: a.actorUserId }),
  title: a.title,
  message: a.message,
  notification_type: a.type,
  priority: a.priority,
  action_url: a.actionUrl,
  sender_name: a.senderName,
})

export const announce = (db: Db, a: Announcement): Promise<ReadonlyArray<number>> =>
  notify(db, announcement(a))

/** An emergency request should interrupt; a low one can wait in the list. */
export const priorityOfUrgency = (urgency: "low" | "normal" | "high" | "emergency"): Priority =>
  urgency === "emergency" ? "urgent" : urgency === "high" ? "high" : urgency === "normal" ? "medium" : "low"
