// Who may do what, read by both sides: the client hides what a user may not do and guards its routes; the
// server refuses it (403) and notifies exactly the people who work the queues. A user's role is their
// user_category. The two known categories have the permissions below; any other category only reads.

export type Permission = "read" | "write" | "delete" | "manage_users" | "manage_requests"

/** The categories the app knows; any other string is a valid category too, and only reads. */
export const KNOWN_CATEGORIES = ["admin", "website_coordinator"] as const
export type KnownCategory = (typeof KNOWN_CATEGORIES)[number]

/** Each known category's permissions, in this order. */
export const CATEGORY_PERMISSIONS: Readonly<Record<KnownCategory, ReadonlyArray<Permission>>> = {
  admin: ["read", "write", "delete", "manage_users"],
  website_coordinator: ["read", "write", "manage_requests"],
}

/** Any category the app does not know (support, auditor, …). */
export const OTHER_CATEGORY_PERMISSIONS: ReadonlyArray<Permission> = ["read"]

/**
 * What each action of the app needs. The rules are the same for work requests, maintenance requests and company
 * applications; choosing providers exists for requests only.
 */
export const ACTION_PERMISSION = {
  /** Every list, record, dashboard and the audit trail. */
  "record.read": "read",
  /** Approve or accept, reject: one record or a batch. */
  "record.decide": "write",
  "record.selectProviders": "write",
  /** Claim a record (Assign to me) or release a claim: advisory, by whoever may decide it. */
  "record.claim": "write",
  /** Takes a record out of a final state, undoing its decision and releasing the providers chosen for it. */
  "record.reopen": "delete",
  /** Send a notification to chosen users, by address or category. */
  "notification.send": "manage_users",
  /** Submit applications and requests through the intake API with a signed-in token (tools, operators). */
  "intake.submit": "manage_users",
  /** The support panel without `?support` in the page's URL: it shows every user's traffic in this tab. */
  "support.open": "manage_users",
} as const satisfies Record<string, Permission>

export type Action = keyof typeof ACTION_PERMISSION

const isKnown = (category: string): category is KnownCategory =>
  (KNOWN_CATEGORIES as ReadonlyArray<string>).includes(category)

/** The permissions of a category; no category (nobody signed in, no profile yet) reads only. */
export function permissionsFor(category: string | null | undefined): ReadonlyArray<Permission> {
  return category != null && isKnown(category) ? CATEGORY_PERMISSIONS[category] : OTHER_CATEGORY_PERMISSIONS
}

/** Whether a category may do an action. */
export const categoryMay = (category: string | null | undefined, action: Action): boolean =>
  permissionsFor(category).includes(ACTION_PERMISSION[action])

/**
 * The known categories that may do an action: a route's required roles, a server preHandler's categories, the
 * recipients of an announcement. An action that needs only "read" is everyone's, which this list cannot say:
 * it is for actions beyond reading.
 */
export const categoriesFor = (action: Action): ReadonlyArray<KnownCategory> =>
  KNOWN_CATEGORIES.filter((category) => categoryMay(category, action))

type MaybeUser = { readonly user_category: string } | null | undefined

export const hasRole = (user: MaybeUser, role: string): boolean => user?.user_category === role
export const hasAnyRole = (user: MaybeUser, roles: ReadonlyArray<string>): boolean =>
  roles.some((role) => hasRole(user, role))
/** A permission of the user's category; nobody signed in may do nothing. */
export const can = (user: MaybeUser, permission: Permission): boolean =>
  user != null && permissionsFor(user.user_category).includes(permission)
/** An action the user's category may do (the permission it needs); nobody signed in may do nothing. */
export const may = (user: MaybeUser, action: Action): boolean => can(user, ACTION_PERMISSION[action])
