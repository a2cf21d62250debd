import type { EventObject } from "xstate"
import { toNotificationsEvent } from "../live/socket-messages"
import type { Fact, FactOf, FactType } from "./facts"
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
import { type CommandOf, REST_ACTOR_IDS, SESSION_ACTOR_IDS, type SystemId } from "./registry"

// Who reacts to which fact, in one table: for each fact, the actors that hear it and the command each is sent
// (several, in order, or null: nothing to say this time). A fact nobody acts on is listed as SUPPORT_ONLY: it is published for
// the support panel and the trace, where it explains what happened, and a test holds every other fact to at
// least one subscriber.

type Subscribers<F extends Fact> = {
  readonly [K in SystemId]?: (fact: F) => CommandOf<K> | ReadonlyArray<CommandOf<K>> | null
}

/**
 * A retained fact is kept by the bus (the last one of its slot) and delivered again to subscribers that start
 * later: the signed-in actors load after sign-in, when 'signed in' and the token were published already.
 */
export type RetainSlot = "session" | "token" | "user" | "tabInUse"

export interface Route<F extends Fact> {
  readonly to: Subscribers<F>
  readonly retain?: RetainSlot
}

export const SUPPORT_ONLY = "support-only"

type Table = { readonly [T in FactType]: Route<FactOf<T>> | typeof SUPPORT_ONLY }

export const SUBSCRIPTIONS = {
  // The session's lifecycle starts and stops everything that only makes sense signed in.
  "session.signedIn": {
    retain: "session",
    to: {
      app: () => ({ type: "auth.signedIn" }),
      notifications: () => ({ type: "notifications.start" }),
      push: () => ({ type: "push.start" }),
      // Signed in here: the other tabs take this session (a session restored or adopted they have already).
      tabs: (f) =>
        f.how === "login"
          ? { type: "tabs.announce", message: { type: "signedIn", token: f.token, userId: f.userId } }
          : null,
      // Asked for with the profile, not after it: the page that shows it is still loading
      // (docs/behaviour.md#early-refresh). A session adopted from another tab is someone else's summary too.
      dashboard: () => ({ type: "dashboard.refresh" }),
    },
  },
  "session.signedOut": {
    retain: "session",
    to: {
      socket: () => ({ type: "socket.stop" }),
      notifications: () => ({ type: "notifications.stop" }),
      push: () => ({ type: "push.stop" }),
      dashboard: () => ({ type: "dashboard.clear" }),
      // Signed out here: every tab signs out (an expiry or another tab's word needs no repeating).
      tabs: (f) => (f.how === "logout" ? { type: "tabs.announce", message: { type: "signedOut" } } : null),
    },
  },
  "tabs.signedInElsewhere": {
    to: { auth: (f) => ({ type: "auth.adoptSession", token: f.token, userId: f.userId }) },
  },
  "tabs.signedOutElsewhere": { to: { auth: () => ({ type: "auth.signedOutElsewhere" }) } },
  // Live notifications are toasted in the tab used last; the notifications actor starts after sign-in.
  "tabs.inUse": {
    retain: "tabInUse",
    to: { notifications: (f) => ({ type: "notifications.inUse", here: f.here }) },
  },
  // Every new access token reconnects the socket with it.
  "session.tokenChanged": {
    retain: "token",
    to: { socket: (f) => ({ type: "socket.start", token: f.token }) },
  },
  "session.userChanged": {
    retain: "user",
    to: { support: (f) => ({ type: "support.user", category: f.category }) },
  },
  "token.refreshed": { to: { auth: (f) => ({ type: "auth.setAccessToken", token: f.token }) } },
  "token.refreshFailed": { to: { auth: (f) => ({ type: "auth.forceLogout", error: f.error }) } },
  "profile.saved": { to: { auth: (f) => ({ type: "auth.updateUser", patch: f.user }) } },
  // Handled by the bus itself: retained facts reach the actors that just started.
  "system.sessionStarted": SUPPORT_ONLY,
  "system.restStarted": SUPPORT_ONLY,
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
  // A page loaded data at a live position: the socket resumes from the oldest, and liveRecords checks that
  // the open stream covers it (docs/behaviour.md#catching-up).
  "live.held": {
    to: {
      socket: (f) => ({ type: "socket.held", position: f.position }),
      liveRecords: (f) => ({ type: "liveRecords.held", position: f.position }),
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
  // The stream cannot cover what is shown (a position it could not resume from, or a page loaded before the
  // stream's start): what is shown loads again.
  // The stream does not cover what the pages show: everything live loads again, the bell and the inbox too
  // (their reads and archives come over the same stream).
  "records.resync": {
    to: {
      dashboard: () => ({ type: "dashboard.refresh" }),
      sharedViews: () => ({ type: "sharedViews.refresh" }),
      notifications: () => ({ type: "notifications.refetch" }),
      session: () => [...RELOAD_SHOWN_PAGES, toInbox({ type: "inbox.refetch" })],
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
} as const satisfies Table

export interface Delivery {
  readonly to: SystemId
  readonly command: EventObject
}

const routeOf = (type: FactType): Route<Fact> | null => {
  const route: Route<never> | typeof SUPPORT_ONLY = SUBSCRIPTIONS[type]
  // Each row's handlers take that row's fact; the bus only ever hands a row the fact it is keyed by.
  return route === SUPPORT_ONLY ? null : (route as Route<Fact>)
}

/** The commands a fact becomes, in the table's order (skipping handlers that had nothing to say). */
export function deliveriesOf(fact: Fact, only?: ReadonlyArray<SystemId>): Delivery[] {
  const route = routeOf(fact.type)
  if (!route) return []
  const out: Delivery[] = []
  type Handler = (f: Fact) => EventObject | ReadonlyArray<EventObject> | null
  for (const [to, handler] of Object.entries(route.to) as Array<[SystemId, Handler]>) {
    if (only && !only.includes(to)) continue
    const said = handler(fact)
    const commands: ReadonlyArray<EventObject> = said === null ? [] : Array.isArray(said) ? said : [said]
    for (const command of commands) out.push({ to, command })
  }
  return out
}

export const retainSlotOf = (type: FactType): RetainSlot | null => routeOf(type)?.retain ?? null

/** Subscribers that live in the session: what a retained fact is delivered to again once the session starts. */
export const SESSION_SUBSCRIBERS: ReadonlyArray<SystemId> = SESSION_ACTOR_IDS

/** Subscribers that start with the rest of the session, after the first paint: they hear retained facts then. */
export const REST_SUBSCRIBERS: ReadonlyArray<SystemId> = REST_ACTOR_IDS

/** Every fact type the vocabulary knows, for the bus's filter (other emitted events are not facts). */
export const FACT_TYPES: ReadonlySet<string> = new Set(Object.keys(SUBSCRIPTIONS))
