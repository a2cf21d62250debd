import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { type PreferencesData, preferencesMachine } from "../../machines/preferences/preferences.machine"
import { PushApi } from "../push/push-api"

// The notification preferences' machine with its IO: loading and saving are each one PushApi call (the
// preferences travel with the push settings on the wire).

type Run = <A, E>(effect: Effect.Effect<A, E, PushApi>) => Promise<A>

export function providePreferences(run: Run) {
  return preferencesMachine.provide({
    actors: {
      loadPreferences: fromPromise<PreferencesData>(() => run(PushApi.use((a) => a.preferences))),
      savePreferences: fromPromise<PreferencesData, PreferencesData>(({ input }) =>
        run(PushApi.use((a) => a.savePreferences(input))),
      ),
    },
  })
}
