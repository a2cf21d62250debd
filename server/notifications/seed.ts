// Demo notifications: the coordinator gets 60 over the marketplace's types and every priority (the older ones
// read, so the bell shows a real unread count and the list pages), the admin and the viewer a few each.
// Idempotent: a user who already has any of these titles is left alone.
import type { Kysely } from "kysely"
import {
  NOTIFICATION_TYPES,
  type NotificationType,
  PRIORITIES,
  type Priority,
} from "../../src/schema/notifications/notifications"
import { ROUTES } from "../../src/schema/system/app-routes"
import type { Database } from "../db/schema"
import type { SeedContext, SeedReport } from "../db/seed"
import { notify } from "./notify"

interface Template {
  readonly title: string
  readonly message: string
  readonly action_url: string
  readonly sender_name: string | null
}

// Only events of the kinds the demo's own data shows. Account notifications (welcome, security, account_update)
// are the product's to send when their event happens (server/accounts/account-notices.ts): a seeded "Password
// changed" or "New sign-in" would tell a person of something that never happened.
const TEMPLATES: Readonly<Partial<Record<NotificationType, ReadonlyArray<Template>>>> = {
  approval: [
    {
      title: "Work request approved",
      message: "The boiler replacement at 14 Elm Street was approved and is ready for providers.",
      action_url: ROUTES.lists.work.approved,
      sender_name: "Ada Admin",
    },
    {
      title: "Maintenance request approved",
      message: "Quarterly gutter cleaning for Riverside Flats was approved.",
      action_url: ROUTES.lists.maintenance.approved,
      sender_name: "Ada Admin",
    },
    {
      title: "Work request rejected",
      message: "The loft conversion quote for 3 Mill Lane was rejected: the customer withdrew.",
      action_url: ROUTES.lists.work.rejected,
      sender_name: "Ada Admin",
    },
  ],
  company_update: [
    {
      title: "New company application",
      message: "Brightside Plumbing Ltd applied to join the marketplace and waits for verification.",
      action_url: ROUTES.lists.application.pending,
      sender_name: "Marketplace",
    },
    {
      title: "Company application accepted",
      message: "Northgate Electrical was verified and can now be chosen as a provider.",
      action_url: ROUTES.lists.application.accepted,
      sender_name: "Ada Admin",
    },
    {
      title: "Insurance certificate expiring",
      message: "Oakwood Roofing's public liability insurance expires in 14 days.",
      action_url: ROUTES.lists.application.accepted,
      sender_name: "Marketplace",
    },
  ],
  system: [
    {
      title: "Scheduled maintenance tonight",
      message: "The back office will be read-only between 02:00 and 02:30 for database maintenance.",
      action_url: ROUTES.dashboard,
      sender_name: null,
    },
    {
      title: "New feature: provider search",
      message: "You can now search providers by trade and service area when selecting them.",
      action_url: ROUTES.dashboard,
      sender_name: null,
    },
  ],
  system_alert: [
    {
      title: "Provider capacity low",
      message: "Only 2 heating engineers are available in Leeds this week.",
      action_url: ROUTES.dashboard,
      sender_name: null,
    },
    {
      title: "Emergency request waiting",
      message: "An emergency leak at 22 Harbour Road has had no provider for 2 hours.",
      action_url: ROUTES.lists.work.pending,
      sender_name: "Marketplace",
    },
  ],
  reminder: [
    {
      title: "Requests waiting over 48 hours",
      message: "3 work requests have been pending for more than two days.",
      action_url: ROUTES.lists.work.pending,
      sender_name: null,
    },
    {
      title: "Maintenance requests to review",
      message: "5 maintenance requests are waiting for your decision.",
      action_url: ROUTES.lists.maintenance.pending,
      sender_name: null,
    },
    {
      title: "Choose providers",
      message: "2 approved work requests still have no providers selected.",
      action_url: ROUTES.lists.work.approved,
      sender_name: null,
    },
  ],
}

/** The types the demo has events of, in the list's order. */
const SEEDED_TYPES = NOTIFICATION_TYPES.filter((type) => TEMPLATES[type] !== undefined)

export interface DemoNotification extends Template {
  readonly notification_type: NotificationType
  readonly priority: Priority
  /** How long before the seed time it was created. */
  readonly ageMinutes: number
  readonly is_read: boolean
}

/**
 * `count` items, newest first. Types cycle fastest and priorities shift by one every round of types, so the
 * first 20 already hold every (seeded type, priority) pair. The newest `unread` are unread.
 */
export function demoNotifications(count: number, unread: number): DemoNotification[] {
  return Array.from({ length: count }, (_, i) => {
    const type = SEEDED_TYPES[i % SEEDED_TYPES.length] ?? "system"
    const round = Math.floor(i / SEEDED_TYPES.length)
    const priority = PRIORITIES[(i + round) % PRIORITIES.length] ?? "medium"
    const pool = TEMPLATES[type] ?? []
    const template = pool[round % pool.length] ?? pool[0]
    if (!template) throw new Error(`no demo template for ${type}`)
    // Spread over about three weeks, a few hours apart, so the list reads "5 minutes ago" … "3 weeks ago".
    return {
      ...template,
      notification_type: type,
      priority,
      ageMinutes: 5 + i * i * 8 + i * 37,
      is_read: i >= unread,
    }
  })
}

const PLAN = [
  { email: "coordinator@example.com", count: 60, unread: 23 },
  { email: "admin@example.com", count: 6, unread: 3 },
  { email: "viewer@example.com", count: 4, unread: 2 },
] as const

// The titles of earlier demos too: a database seeded before keeps its rows rather than getting a second set.
const EARLIER_TITLES = [
  "Welcome to the back office",
  "New sign-in",
  "Password changed",
  "Profile updated",
  "Role changed",
]
const ALL_TITLES = [
  ...new Set([
    ...Object.values(TEMPLATES).flatMap((pool) => (pool ?? []).map((t) => t.title)),
    ...EARLIER_TITLES,
  ]),
]

export async function seedNotifications(db: Kysely<Database>, context: SeedContext): Promise<SeedReport> {
  let created = 0
  let kept = 0
  for (const plan of PLAN) {
    const user = await db
      .selectFrom("app_user")
      .select("id")
      .where("email", "=", plan.email)
      .executeTakeFirst()
    if (!user) continue
    const existing = await db
      .selectFrom("notification")
      .select("id")
      .where("user_id", "=", user.id)
      .where("title", "in", ALL_TITLES)
      .executeTakeFirst()
    if (existing) {
      kept += 1
      continue
    }
    // Oldest first, so ids grow with created_at as they do in real use.
    const items = demoNotifications(plan.count, plan.unread).reverse()
    await db.transaction().execute(async (tx) => {
      for (const item of items) {
        const ids = await notify(tx, {
          to: { userIds: [user.id] },
          title: item.title,
          message: item.message,
          notification_type: item.notification_type,
          priority: item.priority,
          action_url: item.action_url,
          sender_name: item.sender_name,
          created_at: new Date(context.now.getTime() - item.ageMinutes * 60_000),
          is_read: item.is_read,
        })
        created += ids.length
      }
    })
  }
  return { name: "demo notifications", created, kept }
}
