import type { AnyActorRef, EventObject, InspectionEvent } from "xstate"

// Runs from the first moment of the app, so it must stay tiny and cheap: it only keeps references (events and
// snapshots are immutable in XState) and pairs each event with the state it led to. Copying, redaction and the
// trace format happen later, in the support panel's chunk, only when someone looks.

/** An actor as the inspection API hands it over; `systemId` is set on every real Actor that has one. */
export type RecordedActor = AnyActorRef & { readonly systemId?: string }
const asActor = (ref: unknown): RecordedActor => ref as RecordedActor

/** One event relayed to an actor, and what the actor made of it. */
export interface RecordedEvent {
  readonly seq: number
  /** Milliseconds since the recorder started. */
  readonly at: number
  readonly from: RecordedActor | undefined
  readonly to: RecordedActor
  readonly event: EventObject
  /**
   * The event the sender was processing when it sent this one (its seq), when it was processing one: a bus
   * delivery's cause is the publication it delivers, a reply's cause the request it answers.
   */
  readonly cause?: number
  /** Set once the receiver has processed the event; never set when it dropped it (stopped) or failed on it. */
  processed?: {
    readonly value: unknown
    readonly status: string
    /** What the receiver emitted (published) while processing it, in order; absent when nothing. */
    readonly emitted?: ReadonlyArray<EventObject>
  }
}

export interface TraceRecorder {
  readonly startedAt: number
  /** Every actor the system created, in order. */
  readonly actors: ReadonlyArray<RecordedActor>
  /** Every event in order, from `droppedEvents` on. */
  readonly events: ReadonlyArray<RecordedEvent>
  readonly droppedEvents: () => number
  readonly inspect: (event: InspectionEvent) => void
  /** Called at most once per animation frame (or task) after something was recorded. */
  readonly subscribe: (listener: () => void) => () => void
  /** Changes whenever something was recorded: a cheap snapshot key for useSyncExternalStore. */
  readonly version: () => number
}

/** Beyond this the oldest events go; the trace says how many, and such a trace is not replayable. */
export const MAX_RECORDED_EVENTS = 50_000

/** The event an "xstate.emit" action emitted, from the action's resolved params. */
function emittedEvent(params: unknown): EventObject | null {
  if (typeof params !== "object" || params === null || !("event" in params)) return null
  const event = params.event
  return typeof event === "object" && event !== null && "type" in event && typeof event.type === "string"
    ? (event as EventObject)
    : null
}

export function createTraceRecorder(now: () => number = Date.now): TraceRecorder {
  const startedAt = now()
  const actors: RecordedActor[] = []
  const events: RecordedEvent[] = []
  // Per receiver, the events it has been sent and not yet processed, oldest first.
  const pending = new Map<string, RecordedEvent[]>()
  // Per actor, what it emitted since its last processed event; attached to the event it is processing.
  const emitting = new Map<string, EventObject[]>()
  const listeners = new Set<() => void>()
  let seq = 0
  let dropped = 0
  let version = 0
  let scheduled = false

  const notify = () => {
    version += 1
    if (scheduled || listeners.size === 0) return
    scheduled = true
    const flush = () => {
      scheduled = false
      for (const listener of listeners) listener()
    }
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(flush)
    else setTimeout(flush, 0)
  }

  const inspect = (ev: InspectionEvent) => {
    if (ev.type === "@xstate.actor") {
      actors.push(asActor(ev.actorRef))
    } else if (ev.type === "@xstate.event") {
      const cause = ev.sourceRef === undefined ? undefined : pending.get(ev.sourceRef.sessionId)?.[0]?.seq
      const entry: RecordedEvent = {
        seq: seq++,
        at: now() - startedAt,
        from: ev.sourceRef === undefined ? undefined : asActor(ev.sourceRef),
        to: asActor(ev.actorRef),
        event: ev.event,
        ...(cause === undefined ? {} : { cause }),
      }
      events.push(entry)
      const queue = pending.get(ev.actorRef.sessionId)
      if (queue) queue.push(entry)
      else pending.set(ev.actorRef.sessionId, [entry])
      if (events.length > MAX_RECORDED_EVENTS) {
        const cut = events.length - MAX_RECORDED_EVENTS
        events.splice(0, cut)
        dropped += cut
      }
    } else if (ev.type === "@xstate.action") {
      // Emitted events (the facts a machine publishes) run as the built-in action "xstate.emit".
      const emitted = ev.action.type === "xstate.emit" ? emittedEvent(ev.action.params) : null
      if (!emitted) return
      const list = emitting.get(ev.actorRef.sessionId)
      if (list) list.push(emitted)
      else emitting.set(ev.actorRef.sessionId, [emitted])
      return
    } else if (ev.type === "@xstate.snapshot") {
      const queue = pending.get(ev.actorRef.sessionId)
      const at = queue ? queue.findIndex((e) => e.event === ev.event) : -1
      const emitted = emitting.get(ev.actorRef.sessionId)
      emitting.delete(ev.actorRef.sessionId)
      if (!queue || at < 0) return
      const snapshot = ev.snapshot as { value?: unknown; status: string }
      const entry = queue[at]
      if (entry)
        entry.processed = { value: snapshot.value, status: snapshot.status, ...(emitted ? { emitted } : {}) }
      // Events before it were dropped by a stopped actor, or failed it: they will never be processed.
      queue.splice(0, at + 1)
      if (queue.length === 0 && snapshot.status !== "active") pending.delete(ev.actorRef.sessionId)
    } else {
      return
    }
    notify()
  }

  return {
    startedAt,
    actors,
    events,
    droppedEvents: () => dropped,
    inspect,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    version: () => version,
  }
}
