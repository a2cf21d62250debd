import {
  type ActorOptions,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  fromPromise,
} from "xstate"
import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getShortestPaths,
  type StatePath,
  serializeSnapshot,
  type TraversalOptions,
} from "xstate/graph"
import { recordedActor } from "./coverage"

/**
 * How long a test that walks every edge of a machine may run. Such a walk is pure CPU: a few seconds alone, but
 * over a minute on a 2-core machine that a full run shares with other work (seen in CI), where it must still
 * finish rather than time out.
 */
export const WHOLE_GRAPH_TIMEOUT_MS = 300_000

/** An invoked promise actor that never settles: the path itself delivers its outcome as an event. */
export const pending = <T = unknown, I = unknown>() => fromPromise<T, I>(() => new Promise<T>(() => {}))

/** A path step's event, described for a test name. */
export const describeEvent = (event: EventObject): string =>
  event.type
    .replace(/^xstate\.(done|error)\.actor\./, "$1:")
    .replace(/^xstate\.after\.([^.]+)\..*$/, "after:$1")

/**
 * A path's events with XState's own among them: actor outcomes (`xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`) and delays (`xstate.after.<delay>.<state id>`). The machine reacts to these though
 * its event type leaves them out, so each event is checked against the machine's transitions instead: one it
 * takes no transition on (a misspelt actor id, say) fails here rather than walking nowhere.
 */
export function pathEvents<M extends AnyStateMachine>(
  machine: M,
  events: ReadonlyArray<AnyEventObject>,
): Array<EventFromLogic<M>> {
  const handled = new Set<string>(machine.root.events)
  const isHandled = (event: AnyEventObject): event is EventFromLogic<M> => handled.has(event.type)
  const unhandled = events.filter((event) => !isHandled(event)).map((event) => event.type)
  if (unhandled.length > 0) throw new Error(`${machine.id} takes no transition on ${unhandled.join(", ")}`)
  return events.filter(isHandled)
}

/** Sends XState's own event (an actor's outcome, a delay) to an actor: every actor takes any event object. */
export const sendSystemEvent = (actor: AnyActorRef, event: AnyEventObject): void => actor.send(event)

/** Starts the real machine, recorded for the coverage report, and replays a generated path's events. */
export function replay<M extends AnyStateMachine>(
  machine: M,
  steps: ReadonlyArray<{ event: EventObject }>,
  options?: ActorOptions<M>,
) {
  const actor = recordedActor(machine, options).start()
  for (const step of steps.slice(1)) actor.send(step.event as never)
  return actor
}

type Snap<M extends AnyStateMachine> = ReturnType<M["transition"]>
type Ev<M extends AnyStateMachine> = Parameters<M["transition"]>[1]

/**
 * Every edge of the graph as a path: the shortest path to each reached state, then one of the listed events
 * from there. Shortest paths alone stop at the first way into each state; these also take the transitions
 * that lead nowhere new (self-loops, a second guarded alternative, events that only change context).
 */
export function getEdgePaths<M extends AnyStateMachine>(
  machine: M,
  options: TraversalOptions<Snap<M>, Ev<M>, unknown>,
): Array<StatePath<Snap<M>, Ev<M>>> {
  const serialize = options.serializeState ?? ((s: Snap<M>) => serializeSnapshot(s))
  // An event no transition of the state takes leads nowhere; an actor's outcome sent where that actor is not
  // running would even stop the machine with an error no real run can produce.
  const traversal = {
    ...options,
    filterEvents: (state: Snap<M>, event: Ev<M>) =>
      machine.getTransitionData(state as never, event).length > 0 &&
      (options.filterEvents?.(state, event) ?? true),
  }
  const shortest = getShortestPaths(machine, traversal as never) as Array<StatePath<Snap<M>, Ev<M>>>
  const toState = new Map(shortest.map((p) => [serialize(p.state, undefined, undefined), p]))
  const edges = adjacencyMapToArray(getAdjacencyMap(machine, traversal as never)) as Array<{
    state: Snap<M>
    event: Ev<M>
    nextState: Snap<M>
  }>
  return edges.flatMap(({ state, event, nextState }) => {
    const path = toState.get(serialize(state, undefined, undefined))
    if (!path) return []
    return [
      { state: nextState, steps: [...path.steps, { state: nextState, event }], weight: path.weight + 1 },
    ]
  })
}
