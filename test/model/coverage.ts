/**
 * Model coverage: what the path tests take of each machine, seen on the real machine while a path replays.
 *
 * How a path test records (a machine in src/machines without this fails `npm test` and `npm run test:model`):
 *
 *   const paths = getShortestPaths(machine, { events, serializeState })   // reaches every state
 *   const edges = getEdgePaths(machine, { events, serializeState })       // walk.ts: takes every transition
 *   for (const path of [...paths, ...edges]) {
 *     const actor = replay(machine, path.steps, { input })               // walk.ts, or recordedActor(machine)
 *     // ...assert on actor.getSnapshot()
 *   }
 *
 * `recordedActor` is `createActor` plus an inspector: every state node the root actor enters and every
 * transition it takes (events, `always`, `after`, invoke outcomes) is recorded under the machine's id and
 * written to test-results/model-coverage/ when the test file ends (Vitest runs each file in its own module
 * scope, so each file writes its own). List actor outcomes (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`)
 * and delays (`xstate.after.<delay>.<state id>`) among the events, and events that only change context too;
 * the report names each state and transition still missing. Only the root actor is recorded: a child machine
 * is covered by its own path tests, not by its parent's.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { basename, join } from "node:path"
import { afterAll, expect } from "vitest"
import {
  type Actor,
  type ActorOptions,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type InspectionEvent,
} from "xstate"
import { COVERAGE_DIR } from "./coverage-dir"
import { stateKey, transitionKey } from "./coverage-graph"

export interface MachineRecord {
  readonly states: Set<string>
  readonly transitions: Set<string>
}

/** What one test file recorded, by machine id. */
export type CoverageFile = Record<string, { states: string[]; transitions: string[] }>

const seen = new Map<string, MachineRecord>()

function recordOf(machineId: string): MachineRecord {
  let record = seen.get(machineId)
  if (!record) {
    record = { states: new Set(), transitions: new Set() }
    seen.set(machineId, record)
  }
  return record
}

type InspectedMachineSnapshot = { machine?: AnyStateMachine; _nodes?: ReadonlyArray<AnyStateNode> }

/** Records the root actor's own steps: the states its snapshots are in and the transitions each microstep took. */
function observe(ev: InspectionEvent) {
  if (ev.actorRef.sessionId !== ev.rootId) return
  if (ev.type !== "@xstate.snapshot" && ev.type !== "@xstate.microstep") return
  const snapshot = ev.snapshot as InspectedMachineSnapshot
  if (!snapshot.machine) return
  const record = recordOf(snapshot.machine.id)
  for (const node of snapshot._nodes ?? []) record.states.add(stateKey(node))
  if (ev.type === "@xstate.microstep")
    for (const t of ev._transitions as AnyTransitionDefinition[]) record.transitions.add(transitionKey(t))
}

/** `createActor` for a path replay: the same actor, with everything it does recorded for the coverage report. */
export function recordedActor<M extends AnyStateMachine>(machine: M, options?: ActorOptions<M>): Actor<M> {
  const inspect = options?.inspect
  return createActor(machine, {
    ...options,
    inspect: (ev: InspectionEvent) => {
      observe(ev)
      if (typeof inspect === "function") inspect(ev)
      else inspect?.next?.(ev)
    },
  } as ActorOptions<M>)
}

/** What this test file has recorded so far (for tests of the recorder itself). */
export const recorded = (machineId: string): MachineRecord | undefined => seen.get(machineId)

afterAll(() => {
  if (seen.size === 0) return
  const file: CoverageFile = {}
  for (const [id, r] of seen)
    file[id] = { states: [...r.states].sort(), transitions: [...r.transitions].sort() }
  const testPath = expect.getState().testPath ?? "unknown"
  mkdirSync(COVERAGE_DIR, { recursive: true })
  const name = `${basename(testPath).replace(/\.test\.ts$/, "")}-${process.pid}-${Date.now()}.json`
  writeFileSync(join(COVERAGE_DIR, name), JSON.stringify(file))
})
