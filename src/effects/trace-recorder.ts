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
  /** Set once the receiver has processed the event; never set when it dropped it (stopped) or failed on it. */
  processed?: { readonly value: unknown; readonly status: string }
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

export function createTraceRecorder(now: () => number = Date.now): TraceRecorder {
  const startedAt = now()
  const actors: RecordedActor[] = []
  const events: RecordedEvent[] = []
  // Per receiver, the events it has been sent and not yet processed, oldest first.
  const pending = new Map<string, RecordedEvent[]>()
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
      const entry: RecordedEvent = {
        seq: seq++,
        at: now() - startedAt,
        from: ev.sourceRef === undefined ? undefined : asActor(ev.sourceRef),
        to: asActor(ev.actorRef),
        event: ev.event,
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
    } else if (ev.type === "@xstate.snapshot") {
      const queue = pending.get(ev.actorRef.sessionId)
      const at = queue ? queue.findIndex((e) => e.event === ev.event) : -1
      if (!queue || at < 0) return
      const snapshot = ev.snapshot as { value?: unknown; status: string }
      const entry = queue[at]
      if (entry) entry.processed = { value: snapshot.value, status: snapshot.status }
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
