// The queue's defaults (docs/behaviour.md#waiting-time); each is a server setting (docs/operations.md).

/** A pending record is due after a day of waiting. */
export const QUEUE_DUE_AFTER_HOURS = 24
/** ...and overdue after three, when the coordinators get one reminder for it. */
export const QUEUE_OVERDUE_AFTER_HOURS = 72
/** How often each instance looks for records that became overdue. */
export const REMINDER_INTERVAL_SECONDS = 60
/** At most this many reminders per look: a backlog drains over a few intervals instead of in one burst. */
export const REMINDER_BATCH = 50
/** A provider has two days to answer an offer (docs/behaviour.md#offers); a server setting. */
export const OFFER_EXPIRY_SECONDS = 48 * 3600
