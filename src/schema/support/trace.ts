import { Schema } from "effect"

// A support trace: what the actor system did in one page session, exported from the support panel and replayed
// by `npm run replay`. Every value in it has been through src/effects/support/redact.ts. Bump TRACE_VERSION on any change
// that an older replay could misread.
//
// Version 2 added what the bus carries: each event's cause (the event its sender was processing, which links a
// bus delivery to the publication it delivers) and the facts a machine published while processing an event.
// Version 1 traces still replay; their facts were not recorded, so only states are compared.

export const TRACE_FORMAT = "backoffice-trace"
export const TRACE_VERSION = 2
export const TRACE_VERSIONS = [1, TRACE_VERSION] as const

const Seq = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))
/** An actor's sessionId in the recorded system ("x:3"). */
const ActorId = Schema.String.check(Schema.isMinLength(1))

/** One actor of the system, as it was created. */
export const TraceActor = Schema.Struct({
  id: ActorId,
  /** The id its parent knows it by (the invoke id), or its sessionId. */
  name: Schema.String,
  systemId: Schema.NullOr(Schema.String),
  parent: Schema.NullOr(ActorId),
  /** The machine's id when its logic is a state machine (what replay runs), else null. */
  machine: Schema.NullOr(Schema.String),
  /** The implementation name it was invoked by, when it was invoked by name. */
  src: Schema.NullOr(Schema.String),
  input: Schema.Unknown,
})
export type TraceActor = typeof TraceActor.Type

/** One event delivered to an actor, in the order the system relayed them. */
export const TraceEvent = Schema.Struct({
  seq: Seq,
  /** Milliseconds since the trace started. */
  at: Schema.Finite,
  /** The sending actor; null for an event from outside the system (a view, a test). */
  from: Schema.NullOr(ActorId),
  to: ActorId,
  type: Schema.String,
  event: Schema.Unknown,
  /** The receiver's state value once it had processed the event (machines only). */
  state: Schema.optionalKey(Schema.Unknown),
  /** The receiver's status once it had processed the event (absent when it never processed it). */
  status: Schema.optionalKey(Schema.String),
  /** Version 2: the seq of the event the sender was processing when it sent this one. */
  cause: Schema.optionalKey(Seq),
  /** Version 2: the facts the receiver published (emitted) while processing it, in order. */
  facts: Schema.optionalKey(Schema.Array(Schema.Unknown)),
})
export type TraceEvent = typeof TraceEvent.Type

/** How an invoked or spawned actor ended: what its parent received, and what replay's fakes give back. */
export const TraceOutcome = Schema.Struct({
  /** The event that delivered it to the parent. */
  seq: Seq,
  actor: ActorId,
  kind: Schema.Literals(["done", "error"]),
  value: Schema.Unknown,
})
export type TraceOutcome = typeof TraceOutcome.Type

export const Trace = Schema.Struct({
  format: Schema.Literal(TRACE_FORMAT),
  version: Schema.Literals(TRACE_VERSIONS),
  appVersion: Schema.String,
  /** ISO 8601. */
  startedAt: Schema.String,
  /** The signed-in user's category when the trace was exported; null when nobody was signed in. */
  userCategory: Schema.NullOr(Schema.String),
  /** Events dropped from the start of a very long session; a trace that dropped any cannot be replayed. */
  droppedEvents: Seq,
  actors: Schema.Array(TraceActor),
  events: Schema.Array(TraceEvent),
  outcomes: Schema.Array(TraceOutcome),
})
export type Trace = typeof Trace.Type
