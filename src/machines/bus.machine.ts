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

/** What a fact becomes: its own deliveries, and for a start of signed-in actors every retained fact again. */
function deliveriesFor(fact: Fact, retained: BusContext["retained"]): Delivery[] {
  const started =
    fact.type === "system.sessionStarted"
      ? SESSION_SUBSCRIBERS
      : fact.type === "system.restStarted"
        ? REST_SUBSCRIBERS
        : null
  if (started === null) return deliveriesOf(fact)
  return Object.values(retained).flatMap((kept) => (kept ? deliveriesOf(kept, started) : []))
}

export const busMachine = setup({
  types: { context: {} as BusContext, events: {} as BusEvent },
  actors: { hearFacts },
}).createMachine({
  id: "bus",
  context: { retained: {} },
  invoke: { id: "hearFacts", src: "hearFacts" },
  on: {
    "bus.publish": {
      actions: [
        enqueueActions(({ context, event, system, enqueue }) => {
          for (const { to, command } of deliveriesFor(event.fact, context.retained)) {
            const ref: AnyActorRef | undefined = system.get(to satisfies SystemId)
            if (ref) enqueue.sendTo(ref, command)
          }
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
