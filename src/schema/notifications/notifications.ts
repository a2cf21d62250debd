import { Schema } from "effect"
import { APP_PATH_MAX_LENGTH, isAppPath } from "../system/app-path"

// The notification wire contract (docs/behaviour.md#notifications): the entity, its page, the list filters,
// and every REST body under /api/v1/notifications/. Shared by the server (decode input, encode output) and
// the client (decode). Timestamps travel as ISO 8601 strings.

export const NOTIFICATION_TYPES = [
  "account_update",
  "company_update",
  "system",
  "system_alert",
  "reminder",
  "welcome",
  "security",
  "approval",
] as const
export const NotificationType = Schema.Literals(NOTIFICATION_TYPES)
export type NotificationType = typeof NotificationType.Type

export const PRIORITIES = ["urgent", "high", "medium", "low"] as const
export const Priority = Schema.Literals(PRIORITIES)
export type Priority = typeof Priority.Type

/** `in_app` rows feed the bell; `push` is the channel a preference can switch off separately. */
export const CHANNELS = ["in_app", "push"] as const
export const Channel = Schema.Literals(CHANNELS)
export type Channel = typeof Channel.Type

export const NOTIFICATION_LIMITS = {
  defaultPageSize: 20,
  maxPageSize: 100,
  maxTitleLength: 200,
  maxMessageLength: 2000,
  maxUrlLength: APP_PATH_MAX_LENGTH,
  maxTokenLength: 4096,
} as const

const hasControl = (s: string): boolean =>
  Array.from(s).some((char) => {
    const code = char.charCodeAt(0)
    return code < 0x20 || code === 0x7f
  })

export const AppPath = Schema.String.check(
  Schema.makeFilter((s: string) =>
    isAppPath(s) ? undefined : 'Must be a path of this app starting with a single "/"',
  ),
)

const text = (max: number, what: string) =>
  Schema.String.check(
    Schema.isPattern(/\S/, { message: `${what} must not be empty` }),
    Schema.isMaxLength(max, { message: `${what} must be at most ${max} characters` }),
    Schema.makeFilter((s: string) =>
      hasControl(s.replace(/[\n\t]/g, "")) ? "Control characters are not allowed" : undefined,
    ),
  )

const Id = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1))
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))
const Uuid = Schema.String.check(Schema.isUUID())

// ─── Entity and page ───────────────────────────────────────────────────────────────────────────────────

export const Notification = Schema.Struct({
  /** Increases monotonically: the offset a client catches up from (`since_id`). */
  id: Id,
  notification_type: NotificationType,
  title: Schema.String,
  message: Schema.String,
  priority: Priority,
  is_read: Schema.Boolean,
  sender_name: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  action_url: Schema.NullOr(Schema.String),
  channel: Channel,
})
export type Notification = typeof Notification.Type

export const NotificationPage = Schema.Struct({
  count: Count,
  /** Relative URL of the next page (same filters, `page` + 1), or null on the last page. */
  next: Schema.NullOr(Schema.String),
  previous: Schema.NullOr(Schema.String),
  results: Schema.Array(Notification),
  /** The live change-log position the page reflects at least (docs/behaviour.md#catching-up). */
  live_position: Schema.optionalKey(Count),
})
export type NotificationPage = typeof NotificationPage.Type

// ─── Query parameters (strings on the wire) ────────────────────────────────────────────────────────────

const PageNumber = Schema.NumberFromString.check(
  Schema.isInt({ message: "page must be a whole number" }),
  Schema.isBetween({ minimum: 1, maximum: 1_000_000 }, { message: "page must be 1 or more" }),
)
const PageSize = Schema.NumberFromString.check(
  Schema.isInt({ message: "page_size must be a whole number" }),
  Schema.isBetween(
    { minimum: 1, maximum: NOTIFICATION_LIMITS.maxPageSize },
    { message: `page_size must be between 1 and ${NOTIFICATION_LIMITS.maxPageSize}` },
  ),
)
const SinceId = Schema.NumberFromString.check(
  Schema.isInt({ message: "since_id must be a whole number" }),
  Schema.isBetween(
    { minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    { message: "since_id must be 0 or more" },
  ),
)
const BooleanText = Schema.Literals(["true", "false"])

export const NotificationListQuery = Schema.Struct({
  page: Schema.optionalKey(PageNumber),
  page_size: Schema.optionalKey(PageSize),
  is_read: Schema.optionalKey(BooleanText),
  type: Schema.optionalKey(NotificationType),
  priority: Schema.optionalKey(Priority),
  channel: Schema.optionalKey(Channel),
  /** "true": the archived ones only; otherwise only those not archived. */
  archived: Schema.optionalKey(BooleanText),
  /** Catch-up: only items with a greater id, oldest first. */
  since_id: Schema.optionalKey(SinceId),
})
export type NotificationListQuery = typeof NotificationListQuery.Type

export const ChannelQuery = Schema.Struct({ channel: Schema.optionalKey(Channel) })
export type ChannelQuery = typeof ChannelQuery.Type

// ─── Read state ────────────────────────────────────────────────────────────────────────────────────────

export const UnreadCount = Schema.Struct({
  unread_count: Count,
  /** The live change-log position the count reflects at least (docs/behaviour.md#catching-up). */
  live_position: Schema.optionalKey(Count),
})
export type UnreadCount = typeof UnreadCount.Type

export const MarkReadBody = Schema.Struct({ notification_id: Id })
export type MarkReadBody = typeof MarkReadBody.Type

export const MarkReadResponse = Schema.Struct({
  id: Id,
  is_read: Schema.Literal(true),
  unread_count: Count,
})
export type MarkReadResponse = typeof MarkReadResponse.Type

/** POST /api/v1/notifications/{id}/mark-unread/ (no body): the row is unread again. */
export const MarkUnreadResponse = Schema.Struct({
  id: Id,
  is_read: Schema.Literal(false),
  unread_count: Count,
})
export type MarkUnreadResponse = typeof MarkUnreadResponse.Type

/**
 * POST /api/v1/notifications/{id}/archive/ and .../unarchive/ (no body). Archived rows leave the bell and the
 * inbox for the archive (`?archived=true`) and are not counted as unread.
 */
export const ArchiveResponse = Schema.Struct({
  id: Id,
  archived: Schema.Boolean,
  unread_count: Count,
})
export type ArchiveResponse = typeof ArchiveResponse.Type

export const MarkAllReadResponse = Schema.Struct({
  /** How many were unread before the call. */
  marked: Count,
  unread_count: Count,
})
export type MarkAllReadResponse = typeof MarkAllReadResponse.Type

// ─── Preferences and device tokens ─────────────────────────────────────────────────────────────────────

export const ChannelSwitches = Schema.Struct({ in_app: Schema.Boolean, push: Schema.Boolean })
export type ChannelSwitches = typeof ChannelSwitches.Type

const switchFields = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, ChannelSwitches])) as Record<
  NotificationType,
  typeof ChannelSwitches
>

/** One entry per notification type, every one required: a PUT replaces the whole set. */
export const TypeSwitches = Schema.Struct(switchFields)
export type TypeSwitches = typeof TypeSwitches.Type

const PushToken = Schema.String.check(
  Schema.isMinLength(1, { message: "push_token must not be empty" }),
  Schema.isMaxLength(NOTIFICATION_LIMITS.maxTokenLength),
  Schema.isPattern(/^[\x21-\x7e]+$/, { message: "push_token must be printable ASCII without spaces" }),
)

export const Preferences = Schema.Struct({
  id: Id,
  types: TypeSwitches,
  push_token: Schema.NullOr(Schema.String),
})
export type Preferences = typeof Preferences.Type

/** The object GET returned, changed; `id` and `push_token` may be echoed back (push_token is set elsewhere). */
export const PreferencesUpdate = Schema.Struct({
  id: Schema.optionalKey(Id),
  types: TypeSwitches,
  push_token: Schema.optionalKey(Schema.NullOr(Schema.String)),
})
export type PreferencesUpdate = typeof PreferencesUpdate.Type

export const UpdatePushTokenBody = Schema.Struct({ push_token: PushToken })
export type UpdatePushTokenBody = typeof UpdatePushTokenBody.Type

export const DeviceTokenRegisterBody = Schema.Struct({
  fcm_token: PushToken,
  device_type: Schema.Literal("web"),
  device_id: Uuid,
})
export type DeviceTokenRegisterBody = typeof DeviceTokenRegisterBody.Type

export const DeviceToken = Schema.Struct({
  id: Id,
  device_id: Uuid,
  device_type: Schema.Literal("web"),
  /** False when an existing registration of this device was updated. */
  created: Schema.Boolean,
})
export type DeviceToken = typeof DeviceToken.Type

export const DeviceTokenUnregisterBody = Schema.Struct({ device_id: Uuid })
export type DeviceTokenUnregisterBody = typeof DeviceTokenUnregisterBody.Type

export const DeviceTokenUnregistered = Schema.Struct({ removed: Schema.Boolean })
export type DeviceTokenUnregistered = typeof DeviceTokenUnregistered.Type

// ─── Admin send ────────────────────────────────────────────────────────────────────────────────────────

/** Exactly one of recipient_email and recipient_category (checked by the server, which names the field). */
export const AdminSendBody = Schema.Struct({
  recipient_email: Schema.optionalKey(Schema.String.check(Schema.isMinLength(3), Schema.isMaxLength(254))),
  recipient_category: Schema.optionalKey(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))),
  title: text(NOTIFICATION_LIMITS.maxTitleLength, "title"),
  message: text(NOTIFICATION_LIMITS.maxMessageLength, "message"),
  notification_type: Schema.optionalKey(NotificationType),
  priority: Schema.optionalKey(Priority),
  action_url: Schema.optionalKey(Schema.NullOr(AppPath)),
})
export type AdminSendBody = typeof AdminSendBody.Type

export const AdminSendResponse = Schema.Struct({ created: Count, ids: Schema.Array(Id) })
export type AdminSendResponse = typeof AdminSendResponse.Type
