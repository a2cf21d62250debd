import { type ActorRefLike, type AnyActorRef, assign, enqueueActions, fromCallback, setup } from "xstate"
import type { Fact } from "./facts"
import type { SystemId } from "./registry"
import {
  type Delivery,
  deliveriesOf,
  isFactType,
  REST_SUBSCRIBERS,
  type RetainSlot,
  retainSlotOf,
  SESSION_SUBSCRIBERS,
} from "./subscriptions"

// The message bus: actors publish facts by emitting them (XState `emit`), the bus hears every actor's facts and
// delivers each as the commands subscriptions.ts lists, sent from here so that the support panel and a trace
// show who received what. A publisher and its subscribers never hold each other's references.

export type BusEvent =
  | {
      type: "bus.publish"
      /** The publishing actor's systemId (or its id when it has none). */
      publisher: string
      fact: Fact
    }
  /** An actor of the rest of the session has started (its systemId): it is owed the retained facts and what was held. */
  | { type: "bus.joined"; id: SystemId }

export interface BusContext {
  /** The last fact of each retained slot, delivered again to subscribers that start after it was published. */
  readonly retained: Partial<Record<RetainSlot, Fact>>
  /**
   * Commands for actors of the rest of the session published before they started (they start once the page has
   * shown, one per task): kept in order and delivered as each starts, never dropped. Retained facts are not kept
   * here: their slot delivers the latest of each then.
   */
  readonly held: ReadonlyArray<Delivery>
}

const isFact = (event: { type: string }): event is Fact => isFactType(event.type)
const systemIdOf = (ref: AnyActorRef & { systemId?: string }): string | undefined => ref.systemId
const publisherOf = (ref: AnyActorRef): string => systemIdOf(ref) ?? ref.id
/** New actors arrive typed ActorRefLike; every one of them is a full actor that can emit. */
const canEmit = (ref: ActorRefLike): ref is AnyActorRef =>
  typeof (ref as Partial<AnyActorRef>).on === "function"

/** The rest's actors, by systemId: each is told when it starts, so that its first calls go out in its own task. */
const isRestActor = (id: string | undefined): id is SystemId =>
  id !== undefined && REST_SUBSCRIBERS.some((rest) => rest === id)

/**
 * Hears the facts of every actor of the system: those running when the bus starts and every actor started
 * after (pages, the session's children), through the system's own record of new actors; and says when an actor
 * of the rest of the session starts (its first event, once it is registered under its systemId).
 */
export const hearFacts = fromCallback<BusEvent>(({ system, sendBack }) => {
  const heard = new WeakSet<AnyActorRef>()
  const listen = (ref: AnyActorRef) => {
    if (heard.has(ref)) return
    heard.add(ref)
    ref.on("*", (emitted: { type: string }) => {
      if (isFact(emitted)) sendBack({ type: "bus.publish", publisher: publisherOf(ref), fact: emitted })
    })
  }
  for (const ref of Object.values(system.getAll())) if (ref) listen(ref)
  const sub = system.inspect((ev) => {
    if (ev.type === "@xstate.actor" && canEmit(ev.actorRef)) listen(ev.actorRef)
    if (ev.type === "@xstate.event" && ev.event.type === "xstate.init" && canEmit(ev.actorRef)) {
      const id = systemIdOf(ev.actorRef)
      if (isRestActor(id)) sendBack({ type: "bus.joined", id })
    }
  })
  return () => sub.unsubscribe()
})

/** What a fact becomes: its own deliveries, and for a start of the session's first actors every retained fact again. */
function deliveriesFor(fact: Fact, { retained }: BusContext): Delivery[] {
  if (fact.type !== "system.sessionStarted") return deliveriesOf(fact)
  return Object.values(retained).flatMap((kept) => (kept ? deliveriesOf(kept, SESSION_SUBSCRIBERS) : []))
}

/**
 * What an actor of the rest is owed as it starts: every retained fact again, then what was held for it. The
 * rest starts its actors one per task (session-rest.machine.ts), so each one's first calls go out in a task of
 * their own rather than all together once the last has started, a long task on a slow phone.
 */
function owedTo(id: SystemId, { retained, held }: BusContext): Delivery[] {
  const again = Object.values(retained).flatMap((kept) => (kept ? deliveriesOf(kept, [id]) : []))
  return [...again, ...held.filter((delivery) => delivery.to === id)]
}

/** A delivery to an actor of the rest of the session that has not started: held until it does. */
const holdsFor = (fact: Fact, delivery: Delivery): boolean =>
  REST_SUBSCRIBERS.includes(delivery.to) && retainSlotOf(fact.type) === null

export const busMachine = setup({
  types: { context: {} as BusContext, events: {} as BusEvent },
  actors: { hearFacts },
}).createMachine({
  id: "bus",
  context: { retained: {}, held: [] },
  invoke: { id: "hearFacts", src: "hearFacts" },
  on: {
    "bus.joined": {
      actions: enqueueActions(({ context, event, system, enqueue }) => {
        const ref: AnyActorRef | undefined = system.get(event.id)
        if (!ref) return
        for (const delivery of owedTo(event.id, context)) enqueue.sendTo(ref, delivery.command)
        if (context.held.some((delivery) => delivery.to === event.id))
          enqueue.assign({ held: context.held.filter((delivery) => delivery.to !== event.id) })
      }),
    },
    "bus.publish": {
      actions: [
        enqueueActions(({ context, event, system, enqueue }) => {
          const held: Delivery[] = []
          for (const delivery of deliveriesFor(event.fact, context)) {
            const ref: AnyActorRef | undefined = system.get(delivery.to satisfies SystemId)
            if (ref) enqueue.sendTo(ref, delivery.command)
            else if (holdsFor(event.fact, delivery)) held.push(delivery)
          }
          if (held.length > 0) enqueue.assign({ held: [...context.held, ...held] })
        }),
        assign({
          retained: ({ context, event }) => {
            const slot = retainSlotOf(event.fact.type)
            return slot ? { ...context.retained, [slot]: event.fact } : context.retained
          },
        }),
      ],
    },
  },
})
