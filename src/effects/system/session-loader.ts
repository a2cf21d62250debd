import { type AnyActorLogic, fromPromise } from "xstate"

/**
 * Loads the session machine's chunk; the root spawns what it resolves to. A chunk that fails is logged for
 * support and reported to the root, which offers a retry.
 */
export function sessionLoader<I = void>(load: (input: I) => Promise<AnyActorLogic>) {
  return fromPromise<AnyActorLogic, I>(({ input }) =>
    load(input).catch((error: unknown) => {
      console.error("The signed-in part of the app could not be loaded", error)
      throw error
    }),
  )
}
