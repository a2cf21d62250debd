import { type ActorRefLike, type AnyActorRef, assign, enqueueActions, fromCallback, setup } from "xstate"
import type { Fact } from "./facts"
import type { SystemId } from "./registry"
import {
  type Delivery,
  deliveriesOf,
  FACT_TYPES,
  REST_SUBSCRIBERS,
  type RetainSlot,
  retainSlotOf,
  SESSION_SUBSCRIBERS,
} from "./subscriptions"

// The message bus: actors publish facts by emitting them (XState `emit`), the bus hears every actor's facts and
// delivers each as the commands subscriptions.ts lists, sent from here so that the support panel and a trace
// show who received what. A publisher and its subscribers never hold each other's references.

export type BusEvent = {
  type: "bus.publish"
  /** The publishing actor's systemId (or its id when it has none). */
  publisher: string
  fact: Fact
}

export interface BusContext {
  /** The last fact of each retained slot, delivered again to subscribers that start after it was published. */
  readonly retained: Partial<Record<RetainSlot, Fact>>
  /**
   * Commands for actors of the rest of the session published before it started (it starts once the page has
   * shown): kept in order and delivered when it starts, never dropped. Retained facts are not kept here: their
   * slot delivers the latest of each then.
   */
  readonly held: ReadonlyArray<Delivery>
}

const isFact = (event: { type: string }): event is Fact => FACT_TYPES.has(event.type)
const publisherOf = (ref: AnyActorRef & { systemId?: string }): string => ref.systemId ?? ref.id
/** New actors arrive typed ActorRefLike; every one of them is a full actor that can emit. */
const canEmit = (ref: ActorRefLike): ref is AnyActorRef =>
  typeof (ref as Partial<AnyActorRef>).on === "function"

/**
 * Hears the facts of every actor of the system: those running when the bus starts and every actor started
 * after (pages, the session's children), through the system's own record of new actors.
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
  })
  return () => sub.unsubscribe()
})

/**
 * What a fact becomes: its own deliveries, and for a start of signed-in actors every retained fact again (and,
 * for the rest of the session, what was held for it).
 */
function deliveriesFor(fact: Fact, { retained, held }: BusContext): Delivery[] {
  const started =
    fact.type === "system.sessionStarted"
      ? SESSION_SUBSCRIBERS
      : fact.type === "system.restStarted"
        ? REST_SUBSCRIBERS
        : null
  if (started === null) return deliveriesOf(fact)
  const again = Object.values(retained).flatMap((kept) => (kept ? deliveriesOf(kept, started) : []))
  return fact.type === "system.restStarted" ? [...again, ...held] : again
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
    "bus.publish": {
      actions: [
        enqueueActions(({ context, event, system, enqueue }) => {
          const held: Delivery[] = []
          for (const delivery of deliveriesFor(event.fact, context)) {
            const ref: AnyActorRef | undefined = system.get(delivery.to satisfies SystemId)
            if (ref) enqueue.sendTo(ref, delivery.command)
            else if (holdsFor(event.fact, delivery)) held.push(delivery)
          }
          const started = event.fact.type === "system.restStarted"
          if (started || held.length > 0)
            enqueue.assign({ held: started ? held : [...context.held, ...held] })
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
