import type { EventObject } from "xstate"
import type { Fact, FactOf, FactType } from "./facts"
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

/**
 * The facts only the actors of the rest of the session publish (the socket, the bell's notifications, push, the
 * live records, and the pages it starts): their rows come with the rest's code (rest-subscriptions.ts), which
 * adds them before any of those actors starts, so that the signed-in start does not carry them (1.2 KB gzipped).
 */
export type RestFactType =
  | "socket.connected"
  | "socket.lost"
  | "socket.received"
  | "socket.tokenRefused"
  | "socket.sessionRevoked"
  | "notification.arrived"
  | "notifications.changed"
  | "notifications.writeFailed"
  | "notifications.unreadChanged"
  | "notifications.seen"
  | "push.announced"
  | "records.remoteChanged"
  | "records.resync"
  | "records.changed"
  | "records.claimed"
  | "records.courseChanged"
  | "presence.changed"
  | "savedViews.changed"
  | "profile.saved"

type StartFactType = Exclude<FactType, RestFactType>
type Table = { readonly [T in StartFactType]: Route<FactOf<T>> | typeof SUPPORT_ONLY }
export type RestTable = { readonly [T in RestFactType]: Route<FactOf<T>> }

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
  // Handled by the bus itself: retained facts reach the actors that just started.
  "system.sessionStarted": SUPPORT_ONLY,
  "system.restStarted": SUPPORT_ONLY,
  // A page loaded data at a live position: the socket resumes from the oldest, and liveRecords checks that
  // the open stream covers it (docs/behaviour.md#catching-up).
  "live.held": {
    to: {
      socket: (f) => ({ type: "socket.held", position: f.position }),
      liveRecords: (f) => ({ type: "liveRecords.held", position: f.position }),
    },
  },
} as const satisfies Table

export interface Delivery {
  readonly to: SystemId
  readonly command: EventObject
}

let restRows: RestTable | null = null

/** The rest's rows join the table as its code loads (rest-subscriptions.ts); they are the same every time. */
export function addRestRows(rows: RestTable): void {
  restRows = rows
}

const isStartFact = (type: string): type is StartFactType => Object.hasOwn(SUBSCRIPTIONS, type)
const isRestFact = (type: string): type is RestFactType => restRows !== null && Object.hasOwn(restRows, type)

const routeOf = (type: FactType): Route<Fact> | null => {
  const route: Route<never> | typeof SUPPORT_ONLY | undefined = isStartFact(type)
    ? SUBSCRIPTIONS[type]
    : isRestFact(type)
      ? restRows?.[type]
      : undefined
  // Each row's handlers take that row's fact; the bus only ever hands a row the fact it is keyed by.
  return route === undefined || route === SUPPORT_ONLY ? null : (route as Route<Fact>)
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

/**
 * Whether an emitted event is a fact of the vocabulary, for the bus's filter (other emitted events are not
 * facts). A rest fact is one once the rest's rows are here, as they are before any actor that publishes it runs.
 */
export const isFactType = (type: string): boolean => isStartFact(type) || isRestFact(type)
