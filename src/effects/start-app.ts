import type { Layer } from "effect"
import { type Actor, createActor, type InspectionEvent, type Observer } from "xstate"
import { APP_SYSTEM_ID } from "../machines/app.machine"
import type { UiPreferencesInput } from "../machines/ui-preferences.machine"
import { actorHttpEnv } from "./actor-http-env"
import { provideApp } from "./actors"
import type { ConfigShape } from "./config"
import { type AppRuntime, makeRuntime } from "./runtime"
import type { TabChannel } from "./tab-channel"
import { createTraceRecorder, type TraceRecorder } from "./trace-recorder"

export interface StartAppOptions {
  readonly config: ConfigShape
  readonly ui: UiPreferencesInput
  readonly fetch?: typeof fetch
  readonly inspect?: Observer<InspectionEvent>
  /** Started with `?support`: the support panel opens for anyone, not only admins. */
  readonly supportRequested?: boolean
  /** The other tabs of this browser (default: the browser's own channel and locks). */
  readonly tabs?: Layer.Layer<TabChannel>
}

export type AppActor = Actor<ReturnType<typeof provideApp>>

export interface StartedApp {
  readonly actor: AppActor
  readonly runtime: AppRuntime
  /** Everything the actor system did since start, for the support panel and its trace export. */
  readonly recorder: TraceRecorder
  readonly dispose: () => Promise<void>
}

/** Builds the runtime and the root actor, wired together, and starts it. */
export function startApp(options: StartAppOptions): StartedApp {
  // The Api needs the running actors (token, refresh queue) and the actors need the runtime:
  // the runtime reads the actor through this late-bound reference.
  let actor: AppActor | null = null
  const runtime = makeRuntime(
    options.config,
    actorHttpEnv(() => actor?.system, options.fetch ?? ((input, init) => globalThis.fetch(input, init))),
    options.tabs,
  )
  // Recording starts with the first actor, so that a trace replays every actor from its initial state.
  const recorder = createTraceRecorder()
  const observer = options.inspect
  const created: AppActor = createActor(provideApp(runtime, recorder), {
    // Registered like every other actor, so that the bus can deliver 'signed in' to the root.
    systemId: APP_SYSTEM_ID,
    input: { ui: options.ui, supportRequested: options.supportRequested ?? false },
    inspect: (event) => {
      recorder.inspect(event)
      observer?.next?.(event)
    },
  })
  actor = created
  created.start()
  return {
    actor: created,
    runtime,
    recorder,
    dispose: async () => {
      created.stop()
      await runtime.dispose()
    },
  }
}
