import { redact } from "../../effects/support/redact"
import { actorLabel, machineOf } from "../../effects/support/trace-build"
import type { RecordedActor, RecordedEvent, TraceRecorder } from "../../effects/support/trace-recorder"
import { stateText } from "./state-text"

// The panel's tables, read from the recorder: every value through the one redaction before it is shown.

export const LOG_SIZE = 500
const PAYLOAD_CHARS = 400
const SUMMARY_CHARS = 240

export interface ActorRow {
  readonly id: string
  readonly label: string
  readonly kind: string
  readonly status: string
  readonly state: string
  readonly summary: string
}

export interface LogRow {
  readonly seq: number
  readonly time: string
  readonly from: string
  readonly to: string
  readonly type: string
  readonly payload: string
}

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** A context in one line: scalars as they are, lists by length, objects by their keys. */
export function contextSummary(context: unknown): string {
  const clean = redact(context)
  if (clean === null || typeof clean !== "object" || Array.isArray(clean))
    return clip(JSON.stringify(clean), SUMMARY_CHARS)
  const parts = Object.entries(clean).map(([key, v]) => {
    if (Array.isArray(v)) return `${key}: [${v.length}]`
    if (v !== null && typeof v === "object") return `${key}: {${Object.keys(v).join(", ")}}`
    return `${key}: ${JSON.stringify(v)}`
  })
  return clip(parts.join(", "), SUMMARY_CHARS)
}

type Snapshot = { status: string; value?: unknown; context?: unknown }

// Snapshots are immutable: a row is worked out (and its context redacted) once per snapshot, not once per frame.
const rows = new WeakMap<object, Omit<ActorRow, "id" | "label">>()
function describeSnapshot(ref: RecordedActor, snapshot: Snapshot): Omit<ActorRow, "id" | "label"> {
  const cached = rows.get(snapshot)
  if (cached) return cached
  const row = {
    kind: machineOf(ref) === null ? "actor" : "machine",
    status: snapshot.status,
    state: stateText(redact(snapshot.value)),
    summary: snapshot.context === undefined ? "" : contextSummary(snapshot.context),
  }
  rows.set(snapshot, row)
  return row
}

/** Actors with a systemId, and every other actor while it runs (finished requests have left the system). */
export function actorRows(recorder: TraceRecorder): ActorRow[] {
  return recorder.actors
    .map((ref) => ({ ref, snapshot: ref.getSnapshot() as Snapshot }))
    .filter(({ ref, snapshot }) => ref.systemId !== undefined || snapshot.status === "active")
    .map(({ ref, snapshot }) => ({
      id: ref.sessionId,
      label: actorLabel(ref),
      ...describeSnapshot(ref, snapshot),
    }))
}

const payloads = new WeakMap<RecordedEvent, string>()
function payloadOf(entry: RecordedEvent): string {
  const cached = payloads.get(entry)
  if (cached !== undefined) return cached
  const { type: _type, ...rest } = redact(entry.event) as Record<string, unknown>
  const text = Object.keys(rest).length === 0 ? "" : clip(JSON.stringify(rest), PAYLOAD_CHARS)
  payloads.set(entry, text)
  return text
}

const involves = (entry: RecordedEvent, actorId: string): boolean =>
  entry.to.sessionId === actorId || entry.from?.sessionId === actorId

const clock = (ms: number): string => new Date(ms).toISOString().slice(11, 23)

/** The last 500 events, newest first, to or from the chosen actor when there is one. */
export function logRows(recorder: TraceRecorder, filter: string | null): LogRow[] {
  const rows: LogRow[] = []
  for (let i = recorder.events.length - 1; i >= 0 && rows.length < LOG_SIZE; i -= 1) {
    const entry = recorder.events[i]
    if (!entry || (filter !== null && !involves(entry, filter))) continue
    rows.push({
      seq: entry.seq,
      time: clock(recorder.startedAt + entry.at),
      from: actorLabel(entry.from),
      to: actorLabel(entry.to),
      type: entry.event.type,
      payload: payloadOf(entry),
    })
  }
  return rows
}

export interface BusRow {
  readonly seq: number
  readonly time: string
  /** Who published the fact (its systemId). */
  readonly publisher: string
  /** The fact's type ("session.signedIn", "notification.arrived", …). */
  readonly fact: string
  readonly payload: string
  /** The actors the bus delivered it to, each with the command it became; empty for a support-only fact. */
  readonly delivered: ReadonlyArray<string>
}

/** A bus publication as the bus received it: the fact and who published it. */
function publication(entry: RecordedEvent): { publisher: string; fact: { type: string } } | null {
  if (entry.to.systemId !== "bus" || entry.event.type !== "bus.publish") return null
  const { publisher, fact } = entry.event as { publisher?: unknown; fact?: unknown }
  if (typeof publisher !== "string" || typeof fact !== "object" || fact === null || !("type" in fact))
    return null
  return typeof fact.type === "string" ? { publisher, fact: { ...fact, type: fact.type } } : null
}

/**
 * The last 500 messages of the bus, newest first: each fact, its publisher, and what the bus made of it, read
 * from the deliveries whose cause is the publication (the recorder links every event to the one its sender
 * was processing).
 */
export function busRows(recorder: TraceRecorder): BusRow[] {
  const deliveries = new Map<number, string[]>()
  const rows: BusRow[] = []
  for (let i = recorder.events.length - 1; i >= 0 && rows.length < LOG_SIZE; i -= 1) {
    const entry = recorder.events[i]
    if (!entry) continue
    if (entry.cause !== undefined && entry.from?.systemId === "bus") {
      const to = deliveries.get(entry.cause) ?? []
      to.unshift(`${actorLabel(entry.to)} (${entry.event.type})`)
      deliveries.set(entry.cause, to)
      continue
    }
    const published = publication(entry)
    if (!published) continue
    const { type, ...rest } = redact(published.fact) as Record<string, unknown>
    rows.push({
      seq: entry.seq,
      time: clock(recorder.startedAt + entry.at),
      publisher: published.publisher,
      fact: String(type),
      payload: Object.keys(rest).length === 0 ? "" : clip(JSON.stringify(rest), PAYLOAD_CHARS),
      delivered: deliveries.get(entry.seq) ?? [],
    })
  }
  return rows
}

/** The actors the log can be filtered by: those with a systemId, plus the one chosen now. */
export function filterChoices(recorder: TraceRecorder, current: string | null): RecordedActor[] {
  return recorder.actors.filter((ref) => ref.systemId !== undefined || ref.sessionId === current)
}
