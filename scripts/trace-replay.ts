import { readFileSync } from "node:fs"
import { Result, Schema } from "effect"
import { type AnyStateMachine, createActor, type EventObject, fromCallback } from "xstate"
import { describeIssue } from "../server/http/decode"
import { redact } from "../src/effects/support/redact"
// Every fact the vocabulary knows, the rest of the session's included (their rows come with its code).
import "../src/machines/system/rest-subscriptions"
import { isFactType } from "../src/machines/system/subscriptions"
import { Trace, type TraceActor, type TraceEvent } from "../src/schema/support/trace"
import { stateText } from "../src/views/support/state-text"
import { MACHINES } from "./trace-machines"

// Replays a support trace one machine at a time: each recorded machine actor is started again from its real
// machine (src/machines) with its recorded input; every actor it invokes or spawns is a fake that only delivers
// what the recorded one reported (its events, its output or its error). The actor is sent the events it
// processed, in order, and after each its state value, and the facts it published on the bus while processing
// it, are compared with the recorded ones (a version-1 trace recorded no facts: only states are compared).
// Timers never fire: a delay that elapsed is in the trace as its own event, and is delivered as such.

export class TraceFileError extends Error {}

/** Reads and decodes a trace file; anything else is a TraceFileError with a message for a person. */
export function readTrace(path: string): Trace {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (error) {
    throw new TraceFileError(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new TraceFileError(`${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  const decoded = Schema.decodeUnknownResult(Trace)(json)
  if (Result.isFailure(decoded))
    throw new TraceFileError(`${path} is not a support trace: ${describeIssue(decoded.failure.issue)}`)
  return decoded.success
}

export interface ReplayStep {
  readonly seq: number
  readonly at: number
  readonly type: string
  readonly from: string
  readonly expected: unknown
  readonly actual: unknown
  /** The facts the machine published while processing the step, recorded and replayed (version 2 on). */
  readonly expectedFacts?: unknown
  readonly actualFacts?: unknown
  readonly ok: boolean
  /** Why the step diverged other than by its state, e.g. a child that the machine had not started. */
  readonly problem?: string
}

export interface MachineReplay {
  readonly actor: TraceActor
  readonly label: string
  readonly steps: ReadonlyArray<ReplayStep>
  /** The first step that diverged; replay of this actor stops there. */
  readonly divergence: ReplayStep | null
  /** Set when the actor was not replayed (its machine is not in scripts/trace-machines.ts). */
  readonly skipped?: string
}

export interface ReplayResult {
  readonly machines: ReadonlyArray<MachineReplay>
  readonly diverged: boolean
}

const label = (actor: TraceActor | undefined): string => {
  if (!actor) return "outside"
  return actor.systemId ?? (actor.parent === null ? (actor.machine ?? actor.name) : actor.name)
}

/** Deep equality without regard to key order: state values are compared as data. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  )

/** A clock whose timers never fire: elapsed delays arrive from the trace instead. */
const stoppedClock = { setTimeout: () => 0, clearTimeout: () => {} }

function replayActor(trace: Trace, actor: TraceActor, machine: AnyStateMachine): MachineReplay {
  const byId = new Map(trace.actors.map((a) => [a.id, a]))
  const outcomes = new Map(trace.outcomes.map((o) => [o.seq, o]))
  const running = new Map<string, (event: EventObject) => void>()
  const fake = fromCallback(({ self, sendBack }) => {
    running.set(self.id, sendBack)
    return () => {
      if (running.get(self.id) === sendBack) running.delete(self.id)
    }
  })
  // Recorded actor logic (a spawned machine's) comes back as a fake of the same kind as every other child.
  const rehydrate = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rehydrate)
    if (value === null || typeof value !== "object") return value
    if ("$logic" in value && Object.keys(value).length === 1) return fake
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rehydrate(v)]))
  }
  const fakes = Object.fromEntries(Object.keys(machine.implementations.actors).map((src) => [src, fake]))
  const replayed = createActor(machine.provide({ actors: fakes }), {
    input: rehydrate(actor.input),
    clock: stoppedClock,
  })
  const steps: ReplayStep[] = []
  let divergence: ReplayStep | null = null
  const mine = trace.events.filter((e) => e.to === actor.id && e.status !== undefined)
  const checksFacts = trace.version >= 2
  let published: EventObject[] = []
  replayed.on("*", (emitted: EventObject) => {
    if (isFactType(emitted.type)) published.push(emitted)
  })

  const deliver = (e: TraceEvent): string | undefined => {
    if (e.type === "xstate.init") {
      replayed.start()
      return undefined
    }
    const sender = e.from === null ? undefined : byId.get(e.from)
    const outcome = outcomes.get(e.seq)
    const event = (
      outcome
        ? { type: e.type, [outcome.kind === "done" ? "output" : "error"]: rehydrate(outcome.value) }
        : rehydrate(e.event)
    ) as EventObject
    if (sender && sender.parent === actor.id) {
      const sendBack = running.get(sender.name)
      if (!sendBack) return `the machine has no running child "${sender.name}" to deliver this from`
      sendBack(event)
    } else {
      replayed.send(event)
    }
    return undefined
  }

  if (mine[0]?.type !== "xstate.init") replayed.start()
  for (const e of mine) {
    let problem: string | undefined
    published = []
    try {
      problem = deliver(e)
    } catch (error) {
      problem = `the machine threw: ${error instanceof Error ? error.message : String(error)}`
    }
    const snapshot = replayed.getSnapshot() as { value?: unknown; status: string }
    const actual = redact(snapshot.value)
    const expected = e.state
    const statusOk = snapshot.status === e.status
    const stateOk = expected === undefined || canonical(actual) === canonical(expected)
    if (!problem && !statusOk) problem = `status ${snapshot.status}, recorded ${e.status}`
    const actualFacts = redact(published)
    const expectedFacts = e.facts ?? []
    const factsOk = !checksFacts || canonical(actualFacts) === canonical(expectedFacts)
    if (!problem && !factsOk) problem = "the facts it published differ from the recorded ones"
    const step: ReplayStep = {
      seq: e.seq,
      at: e.at,
      type: e.type,
      from: label(e.from === null ? undefined : byId.get(e.from)),
      expected,
      actual,
      ...(checksFacts ? { expectedFacts, actualFacts } : {}),
      ok: !problem && stateOk && factsOk,
      ...(problem ? { problem } : {}),
    }
    steps.push(step)
    if (!step.ok) {
      divergence = step
      break
    }
  }
  replayed.stop()
  return { actor, label: label(actor), steps, divergence }
}

export const matchesMachine = (actor: TraceActor, name: string): boolean =>
  actor.systemId === name || actor.machine === name || actor.name === name

/**
 * Replays every machine actor of the trace, or those `only` names (a systemId, machine id or actor id), against
 * the app's machines, or `machines` given instead (a test's deliberately changed machine).
 */
export function replayTrace(
  trace: Trace,
  only?: string,
  machines: ReadonlyMap<string, AnyStateMachine> = MACHINES,
): ReplayResult {
  if (trace.droppedEvents > 0)
    throw new TraceFileError(
      `This trace dropped its first ${trace.droppedEvents} events; its actors cannot be replayed from their start.`,
    )
  const chosen = trace.actors.filter(
    (a) => a.machine !== null && (only === undefined || matchesMachine(a, only)),
  )
  if (chosen.length === 0) {
    const names = [...new Set(trace.actors.filter((a) => a.machine).map((a) => a.systemId ?? a.machine))]
    throw new TraceFileError(
      only === undefined
        ? "The trace holds no machine actor to replay."
        : `No machine "${only}" in this trace; it has: ${names.join(", ")}`,
    )
  }
  const replays = chosen.map((actor): MachineReplay => {
    const machine = machines.get(actor.machine ?? "")
    if (!machine)
      return {
        actor,
        label: label(actor),
        steps: [],
        divergence: null,
        skipped: `no machine "${actor.machine}" in scripts/trace-machines.ts`,
      }
    return replayActor(trace, actor, machine)
  })
  return { machines: replays, diverged: replays.some((m) => m.divergence !== null) }
}

/** A state value for a person, as the support panel writes it. */
export const showState = (value: unknown): string => (value === undefined ? "-" : stateText(value) || "-")
