import { type Actor, createActor, type InspectionEvent, type Observer } from "xstate"
import type { AuthContext } from "../machines/auth.machine"
import { SYSTEM_IDS } from "../machines/system-ids"
import type { UiPreferencesInput } from "../machines/ui-preferences.machine"
import { provideApp } from "./actors"
import type { ConfigShape } from "./config"
import { awaitFreshToken } from "./refresh-gate"
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
  const runtime = makeRuntime(options.config, {
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    currentToken: () => {
      const auth = actor?.system.get(SYSTEM_IDS.auth)
      return (auth?.getSnapshot().context as AuthContext | undefined)?.accessToken ?? null
    },
    awaitFreshToken: () => awaitFreshToken(actor?.system.get(SYSTEM_IDS.refresh)),
  })
  const created: AppActor = createActor(provideApp(runtime), { input: { ui: options.ui }, inspect: options.inspect })
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
