import { type AnyStateMachine, createActor, type EventObject, fromPromise } from "xstate"

/** An invoked promise actor that never settles: the path itself delivers its outcome as an event. */
export const pending = <T = unknown, I = unknown>() => fromPromise<T, I>(() => new Promise<T>(() => {}))

/** A path step's event, described for a test name. */
export const describeEvent = (event: EventObject): string =>
  event.type
    .replace(/^xstate\.(done|error)\.actor\./, "$1:")
    .replace(/^xstate\.after\.([^.]+)\..*$/, "after:$1")

/** Starts the real machine and replays a generated path's events against it. */
export function replay<M extends AnyStateMachine>(machine: M, steps: ReadonlyArray<{ event: EventObject }>) {
  const actor = createActor(machine).start()
  for (const step of steps.slice(1)) actor.send(step.event as never)
  return actor
}
