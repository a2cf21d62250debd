import type {
  ActorRefFrom,
  AnyActorRef,
  AnyStateMachine,
  EventFromLogic,
  EventObject,
  InputFrom,
} from "xstate"
import type { SIGN_IN_FLOW_ACTORS } from "../accounts/sign-in-flows-registry"
import type { appMachine } from "./app.machine"
import type { ROOT_ACTORS } from "./root-registry"
import type { sessionMachine } from "./session.machine"
import type { SESSION_ACTORS } from "./session-registry"
import type { sessionRestMachine } from "./session-rest.machine"
import type { PAGE_MACHINES, REST_ACTORS } from "./session-rest-registry"

// The one registry of the actor system: every systemId and the machine that runs under it. The root's
// children (root-registry.ts), the session's first children (session-registry.ts), and the rest of the
// session's children and page machines (session-rest-registry.ts) are built from the maps these types read, so
// a systemId and its machine cannot disagree; views, the bus and the effects find an actor by systemId through
// `lookup`, typed by this registry, never by a cast of their own.
// Types only: the session's machines load in their own chunk, after sign-in.

/** The actor system every actor belongs to. */
export type AnySystem = AnyActorRef["system"]

export type Registry = typeof ROOT_ACTORS &
  typeof SIGN_IN_FLOW_ACTORS &
  typeof SESSION_ACTORS &
  typeof REST_ACTORS & {
    app: typeof appMachine
    session: typeof sessionMachine
  }
export type SystemId = keyof Registry
export type RefOf<K extends SystemId> = ActorRefFrom<Registry[K]>
/** The commands an actor accepts: the events its machine declares. */
export type CommandOf<K extends SystemId> = EventFromLogic<Registry[K]>

/** The actors the session starts at once (what the first signed-in paint needs), in the order they start. */
export const SESSION_ACTOR_IDS = ["sidebar", "dashboard"] as const satisfies ReadonlyArray<
  keyof typeof SESSION_ACTORS
>
export type SessionActorId = (typeof SESSION_ACTOR_IDS)[number]
type AssertTrue<T extends true> = T
/** Compiles only while SESSION_ACTOR_IDS lists every actor of SESSION_ACTORS. */
export type SessionActorIdsComplete = AssertTrue<
  Exclude<keyof typeof SESSION_ACTORS, SessionActorId> extends never ? true : false
>

/**
 * The actors the rest of the session starts once the page has shown, in the order they start and hear their
 * first commands (one per task): by need, the live parts before the profile editor and push.
 */
export const REST_ACTOR_IDS = [
  "socket",
  "notifications",
  "sharedViews",
  "liveRecords",
  "presence",
  "preferences",
  "profile",
  "push",
] as const satisfies ReadonlyArray<keyof typeof REST_ACTORS>
export type RestActorId = (typeof REST_ACTOR_IDS)[number]
/** Compiles only while REST_ACTOR_IDS lists every actor of REST_ACTORS. */
export type RestActorIdsComplete = AssertTrue<
  Exclude<keyof typeof REST_ACTORS, RestActorId> extends never ? true : false
>

/** Machines a page starts as a child of the session, one per open page. */
export type PageMachines = typeof PAGE_MACHINES
export type PageName = keyof PageMachines
export type PageRefOf<P extends PageName> = ActorRefFrom<PageMachines[P]>
export type PageInputOf<P extends PageName> = InputFrom<PageMachines[P]>
export type PageEventOf<P extends PageName> = EventFromLogic<PageMachines[P]>

/** A page actor's id (the session's child) names its machine, so that a lookup can be typed by it. */
export type PageKey<P extends PageName> = `page.${P}.${number}`

/**
 * The actor running under a systemId, typed by the registry; undefined when it is not running (signed out,
 * or a test that starts part of the system). The pairing of id and machine is the registry's, checked where the
 * actors are started; this is the one place that reads it back.
 */
export function lookup<K extends SystemId>(system: AnySystem, id: K): RefOf<K> | undefined
export function lookup(system: AnySystem, id: string): ActorRefFrom<AnyStateMachine> | undefined {
  return system.get(id)
}

/** The children of a running actor, as its snapshot lists them. */
type WithChildren = { getSnapshot(): { children: Record<string, AnyActorRef | undefined> } }

/** A page's actor, a child of the rest of the session (session-rest.machine.ts) under its key, typed by the page's machine that the key names. */
export function lookupPage<P extends PageName>(
  session: WithChildren,
  key: PageKey<P>,
): PageRefOf<P> | undefined
export function lookupPage(session: WithChildren, key: string): AnyActorRef | undefined {
  return session.getSnapshot().children[key]
}

/** The rest of the session's id among the session's children (session.machine.ts). */
export const SESSION_REST_ID = "sessionRest"

/** The rest of the session (it runs the pages), once it has loaded: the session's child under its id. */
export function lookupRest(session: WithChildren): ActorRefFrom<typeof sessionRestMachine> | undefined
export function lookupRest(session: WithChildren): AnyActorRef | undefined {
  return session.getSnapshot().children[SESSION_REST_ID]
}

/** Sends a command to the actor under `id`, when it runs; the event must be one its machine declares. */
export function tell<K extends SystemId>(system: AnySystem, id: K, command: CommandOf<K>): boolean
export function tell(system: AnySystem, id: string, command: EventObject): boolean {
  const ref: AnyActorRef | undefined = system.get(id)
  ref?.send(command)
  return ref !== undefined
}
