import { version as appVersion } from "../../../package.json"
import { isFactType } from "../../machines/system/subscriptions"
import {
  TRACE_FORMAT,
  TRACE_VERSION,
  type Trace,
  type TraceActor,
  type TraceEvent,
} from "../../schema/support/trace"
import { type Json, redact } from "./redact"
import type { RecordedActor, RecordedEvent, TraceRecorder } from "./trace-recorder"

// What the support panel shows and the trace holds, read from the recorder. Everything leaves through redact().

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null

// An actor's logic and the options it was made with are kept off its type by XState: read and checked at run time.

/** The machine id when the actor runs a state machine, which is what replay can run again. */
export function machineOf(ref: RecordedActor): string | null {
  if (!("logic" in ref) || !isObject(ref.logic)) return null
  const logic = ref.logic
  return "id" in logic && typeof logic.id === "string" && "root" in logic && logic.root !== undefined
    ? logic.id
    : null
}

/** The input the actor was started with, if any. */
const inputOf = (ref: RecordedActor): unknown =>
  "options" in ref && isObject(ref.options) && "input" in ref.options ? ref.options.input : undefined

/** How a person names an actor: its systemId, or the id its parent gave it. */
export const actorLabel = (ref: RecordedActor | undefined): string => {
  if (ref === undefined) return "outside"
  if (ref.systemId !== undefined) return ref.systemId
  // The root has neither a systemId nor a parent to name it: its machine's id does.
  return ref._parent === undefined ? (machineOf(ref) ?? ref.id) : ref.id
}

export function userCategoryOf(recorder: TraceRecorder): string | null {
  const auth = recorder.actors.find((a) => a.systemId === "auth")
  const context = (
    auth?.getSnapshot() as { context?: { user?: { user_category?: unknown } | null } } | undefined
  )?.context
  const category = context?.user?.user_category
  return typeof category === "string" ? category : null
}

function traceActor(ref: RecordedActor): TraceActor {
  return {
    id: ref.sessionId,
    name: ref.id,
    systemId: ref.systemId ?? null,
    parent: ref._parent?.sessionId ?? null,
    machine: machineOf(ref),
    src: typeof ref.src === "string" ? ref.src : null,
    input: redact(inputOf(ref)),
  }
}

/** The facts among what an actor emitted (other emitted events, such as the refresh queue's, are its own). */
export const factsOf = (emitted: ReadonlyArray<{ type: string }> | undefined) =>
  (emitted ?? []).filter((e) => isFactType(e.type))

function traceEvent(e: RecordedEvent): TraceEvent {
  const payload = redact(e.event) as { [key: string]: Json }
  const facts = factsOf(e.processed?.emitted)
  return {
    seq: e.seq,
    at: e.at,
    from: e.from?.sessionId ?? null,
    to: e.to.sessionId,
    type: e.event.type,
    event: payload,
    ...(e.cause === undefined ? {} : { cause: e.cause }),
    ...(e.processed
      ? {
          ...(e.processed.value === undefined ? {} : { state: redact(e.processed.value) }),
          status: e.processed.status,
          ...(facts.length > 0 ? { facts: facts.map((f) => redact(f)) } : {}),
        }
      : {}),
  }
}

const OUTCOME = /^xstate\.(done|error)\.actor\./

export function buildTrace(recorder: TraceRecorder): Trace {
  const events = recorder.events.map(traceEvent)
  const outcomes = recorder.events.flatMap((e) => {
    const kind = OUTCOME.exec(e.event.type)?.[1]
    if ((kind !== "done" && kind !== "error") || !e.from) return []
    const raw = e.event as { output?: unknown; error?: unknown }
    const value = redact(kind === "done" ? raw.output : raw.error)
    return [{ seq: e.seq, actor: e.from.sessionId, kind: kind as "done" | "error", value }]
  })
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    appVersion,
    startedAt: new Date(recorder.startedAt).toISOString(),
    userCategory: userCategoryOf(recorder),
    droppedEvents: recorder.droppedEvents(),
    actors: recorder.actors.map(traceActor),
    events,
    outcomes,
  }
}
