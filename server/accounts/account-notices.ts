// Notifications about a person's own account, sent to that account alone, live and through their preferences
// like any other (notify), each leading to /user-settings where they can act on it: `welcome` once an invitation
// is accepted, `security` when their password changes or is reset, when they sign in from a browser and system
// not seen before, and when a session of theirs is signed out by another one.
import type { Kysely, Transaction } from "kysely"
import { deviceLabel } from "../../src/schema/accounts/user-settings"
import { linkTo } from "../../src/schema/system/app-routes"
import type { Database } from "../db/schema"
import { notify } from "../notifications/notify"

type Db = Kysely<Database> | Transaction<Database>

export interface SecurityNotice {
  readonly title: string
  readonly message: string
}

/** The browser and system a notice names, and the address it came from. */
export interface Seen {
  readonly browser: string
  readonly system: string
  readonly address: string
}

const from = (seen: Seen): string => `${deviceLabel(seen.browser, seen.system)} (${seen.address})`

/** The sentences of each security notice, named once (tests read them). */
export const SECURITY_NOTICES = {
  passwordChanged: (seen: Seen, signedOut: number): SecurityNotice => ({
    title: "Your password was changed",
    message:
      `Your password was changed from ${from(seen)}` +
      (signedOut > 0
        ? `; ${signedOut} other ${signedOut === 1 ? "session was" : "sessions were"} signed out.`
        : ".") +
      " If this was not you, ask an admin to reset it at once.",
  }),
  passwordReset: (): SecurityNotice => ({
    title: "Your password was reset",
    message:
      "Your password was reset with a reset link, and every session was signed out. If this was not you, ask an admin at once.",
  }),
  newDevice: (seen: Seen): SecurityNotice => ({
    title: "New sign-in to your account",
    message: `Your account was signed in from ${from(seen)}, a browser and system not seen before for it. If this was not you, change your password.`,
  }),
  sessionSignedOut: (ended: Seen, by: Seen): SecurityNotice => ({
    title: "A session was signed out",
    message: `Your session on ${deviceLabel(ended.browser, ended.system)} was signed out from ${from(by)}.`,
  }),
  othersSignedOut: (count: number, by: Seen): SecurityNotice => ({
    title: "Your other sessions were signed out",
    message: `${count} ${count === 1 ? "session was" : "sessions were"} signed out from ${from(by)}.`,
  }),
} as const

/** A `security` notification to the account concerned (the password-reset helper calls it on a reset). */
export async function notifySecurity(db: Db, userId: number, notice: SecurityNotice): Promise<void> {
  await notify(db, {
    to: { userIds: [userId] },
    notification_type: "security",
    priority: "high",
    title: notice.title,
    message: notice.message,
    action_url: linkTo.userSettings,
  })
}

export const WELCOME = {
  title: "Welcome aboard",
  message: "Your account is ready. Your password and sessions are in your user settings.",
} as const

/** A `welcome` notification, once the invitation has been accepted. */
export async function notifyWelcome(db: Db, userId: number): Promise<void> {
  await notify(db, {
    to: { userIds: [userId] },
    notification_type: "welcome",
    priority: "medium",
    title: WELCOME.title,
    message: WELCOME.message,
    action_url: linkTo.userSettings,
  })
}
