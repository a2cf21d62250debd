import { type Actor, createActor, type InspectionEvent, type Observer } from "xstate"
import type { UiPreferencesInput } from "../machines/ui-preferences.machine"
import { actorHttpEnv } from "./actor-http-env"
import { provideApp } from "./actors"
import type { ConfigShape } from "./config"
import { type AppRuntime, makeRuntime } from "./runtime"

export interface StartAppOptions {
  readonly config: ConfigShape
  readonly ui: UiPreferencesInput
  readonly fetch?: typeof fetch
  readonly inspect?: Observer<InspectionEvent>
}

export type AppActor = Actor<ReturnType<typeof provideApp>>

export interface StartedApp {
  readonly actor: AppActor
  readonly runtime: AppRuntime
  readonly dispose: () => Promise<void>
}

/** Builds the runtime and the root actor, wired together, and starts it. */
export function startApp(options: StartAppOptions): StartedApp {
  // The Api needs the running actors (token, refresh queue) and the actors need the runtime:
  // the runtime reads the actor through this late-bound reference.
  let actor: AppActor | null = null
  const runtime = makeRuntime(
    options.config,
    actorHttpEnv(
      (systemId) => actor?.system.get(systemId),
      options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    ),
  )
  const created: AppActor = createActor(provideApp(runtime, options.config.socketBaseUrl), {
    input: { ui: options.ui },
    inspect: options.inspect,
  })
  actor = created
  created.start()
  return {
    actor: created,
    runtime,
    dispose: async () => {
      created.stop()
      await runtime.dispose()
    },
  }
}
