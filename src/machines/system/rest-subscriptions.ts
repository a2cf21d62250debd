import { toNotificationsEvent } from "../live/socket-messages"
import {
  followersOfChange,
  RELOAD_SHOWN_PAGES,
  RETRY_FAILED_PAGES,
  toClaimPages,
  toDayPlan,
  toInbox,
  toReports,
  toUserSettings,
} from "./page-commands"
import { addRestRows, type RestTable } from "./subscriptions"

// The rows of the subscriptions table (subscriptions.ts) for the facts only the actors of the rest of the
// session publish: the socket's, the bell's notifications', push's, the live records' and the pages' it starts
// (each page's machine is in its registry). They load with the rest's code (session-rest.machine.ts imports this
// module) and join the table then, before any of those actors starts: in the signed-in start they were 1.2 KB
// gzipped that no fact of the first paint uses.

export const REST_SUBSCRIPTIONS = {
  // The connection is back: whatever failed to load while it was gone loads again (each only if it failed).
  "socket.connected": {
    to: {
      push: () => ({ type: "push.socket", live: true }),
      notifications: () => ({ type: "notifications.retry" }),
      dashboard: () => ({ type: "dashboard.retry" }),
      session: () => RETRY_FAILED_PAGES,
      // The server forgot this socket's view with the old connection.
      presence: () => ({ type: "presence.resend" }),
      sharedViews: () => ({ type: "sharedViews.retry" }),
    },
  },
  "socket.lost": {
    to: {
      push: () => ({ type: "push.socket", live: false }),
      liveRecords: () => ({ type: "liveRecords.lost" }),
    },
  },

  "socket.received": {
    to: {
      notifications: (f) => toNotificationsEvent(f.message, f.at),
      liveRecords: (f) =>
        f.message.type === "connection_established"
          ? {
              type: "liveRecords.connected",
              userId: f.message.user_id,
              ...(f.message.position === undefined ? {} : { position: f.message.position }),
              ...(f.message.reload ? { reload: true } : {}),
            }
          : f.message.type === "record.changed"
            ? { type: "liveRecords.changed", message: f.message }
            : null,
      presence: (f) =>
        f.message.type === "presence"
          ? {
              type: "presence.heard",
              record: { kind: f.message.kind, uuid: f.message.uuid },
              viewers: f.message.viewers,
            }
          : null,
      // An account changed (sent to admins only): an open staff page reads its list again.
      session: (f) =>
        f.message.type === "staff.changed"
          ? { type: "session.toPages", page: "staff", event: { type: "staff.changedElsewhere" } }
          : null,
    },
  },
  // The server refused the socket's token: the refresh queue gets a new one, which comes back as a new token.
  "socket.tokenRefused": { to: { refresh: () => ({ type: "refresh.requested", waiterId: "socket" }) } },
  // The server ended this session: this tab signs out as if another tab had.
  "socket.sessionRevoked": { to: { auth: () => ({ type: "auth.signedOutElsewhere" }) } },
  // The notifications page keeps its own list: it takes what the bell's actor learns, as facts.
  // An open /user-settings page reads its sessions and sign-ins again: a sign-in or a sign-out elsewhere
  // comes with a notification.
  "notification.arrived": {
    to: {
      session: (f) => [toInbox({ type: "inbox.arrived", notification: f.notification }), toUserSettings],
    },
  },
  "notifications.changed": {
    to: { session: (f) => toInbox({ type: "inbox.changed", id: f.id, change: f.change }) },
  },
  "notifications.writeFailed": { to: { session: () => toInbox({ type: "inbox.refetch" }) } },
  "notifications.unreadChanged": {
    to: { dashboard: (f) => ({ type: "dashboard.unread", unread: f.unread }) },
  },
  "notifications.seen": { to: { push: (f) => ({ type: "push.seen", newestId: f.newestId }) } },
  "push.announced": {
    to: { notifications: (f) => ({ type: "notifications.toasted", id: f.notificationId }) },
  },

  // A record changed elsewhere: open lists and a detail page of it follow in place, the counts reload
  // (docs/behaviour.md#live-records).
  "records.remoteChanged": {
    to: {
      dashboard: () => ({ type: "dashboard.refresh" }),
      sharedViews: () => ({ type: "sharedViews.refresh" }),
      session: (f) => [
        {
          type: "session.toPages",
          page: "pagedList",
          event: { type: "list.remoteChanged", change: f.change },
        },
        {
          type: "session.toPages",
          page: "review",
          event: { type: "review.remoteChanged", change: f.change },
        },
        toReports,
        toDayPlan,
        ...followersOfChange(f.change.action, f.change.uuid),
      ],
    },
  },
  // The stream cannot cover what the pages show (a position it could not resume from, or a page loaded before
  // the stream's start): everything live loads again, the bell and the inbox too (their reads and archives come
  // over the same stream).
  "records.resync": {
    to: {
      dashboard: () => ({ type: "dashboard.refresh" }),
      sharedViews: () => ({ type: "sharedViews.refresh" }),
      notifications: () => ({ type: "notifications.refetch" }),
      session: () => [...RELOAD_SHOWN_PAGES, toInbox({ type: "inbox.refetch" })],
    },
  },
  // A decided record leaves its pending list and changes the counts.
  "records.changed": {
    to: {
      dashboard: () => ({ type: "dashboard.refresh" }),
      sharedViews: () => ({ type: "sharedViews.refresh" }),
      session: (f) => [
        {
          type: "session.toPages",
          page: "pagedList",
          event: { type: "list.recordsChanged", source: f.source },
        },
        toReports,
        toDayPlan,
      ],
    },
  },
  "records.claimed": { to: { session: (f) => toClaimPages(f.source, f.uuid, f.assignee, f.record) } },
  // Changed course here: the open page takes the request as it is now (or loads it again after a 409), the
  // lists and counts follow.
  "records.courseChanged": {
    to: {
      dashboard: () => ({ type: "dashboard.refresh" }),
      session: (f) => [
        f.record === null
          ? { type: "session.toPages", page: "review", event: { type: "review.refresh" } }
          : {
              type: "session.toPages",
              page: "review",
              event: { type: "review.assigned", uuid: f.uuid, assignee: f.record.assignee, record: f.record },
            },
        {
          type: "session.toPages",
          page: "pagedList",
          event: { type: "list.recordsChanged", source: f.source },
        },
        toDayPlan,
      ],
    },
  },
  // The record this tab shows goes to the server, which tells everyone else viewing it.
  "presence.changed": {
    to: {
      socket: (f) => ({
        type: "socket.send",
        message:
          f.viewing === null
            ? { type: "presence.leave" }
            : { type: "presence.view", kind: f.viewing.kind, uuid: f.viewing.uuid },
      }),
    },
  },
  // A view saved, renamed or deleted here: the sidebar's shared views and their counts follow.
  "savedViews.changed": { to: { sharedViews: () => ({ type: "sharedViews.refresh" }) } },
  "profile.saved": { to: { auth: (f) => ({ type: "auth.updateUser", patch: f.user }) } },
} as const satisfies RestTable

addRestRows(REST_SUBSCRIPTIONS)
