import { type Actor, createActor, type InspectionEvent, type Observer } from "xstate"
import { CHUNK_LOAD_TIMEOUT_MS } from "../../constants"
import type { UiPreferencesInput } from "../../machines/shell/ui-preferences.machine"
import { APP_SYSTEM_ID } from "../../machines/system/app.machine"
import { loadAuthEndpoints } from "../auth/load-auth-endpoints"
import { noSessionHint } from "../auth/session-hint-store"
import { createTraceRecorder, type TraceRecorder } from "../support/trace-recorder"
import { browserTabLink, type TabLink } from "../tabs/tab-link"
import { browserTabUse, type TabUseSignals } from "../tabs/tabs.actors"
import { actorHttpEnv } from "./actor-http-env"
import { provideApp } from "./app.actors"
import type { ConfigShape } from "./config-env"
import { afterFirstPaint } from "./idle"
import type { AppRuntime } from "./runtime"
import { runtimeLoader } from "./runtime-loader"

export interface StartAppOptions {
  readonly config: ConfigShape
  readonly ui: UiPreferencesInput
  readonly fetch?: typeof fetch
  readonly inspect?: Observer<InspectionEvent>
  /** Started with `?support`: the support panel opens for anyone, not only admins. */
  readonly supportRequested?: boolean
  /** The other tabs of this browser (default: the browser's own channel and locks). */
  readonly tabs?: TabLink
  /** The signs that the person uses this tab (default: the page's own, where there is a page). */
  readonly tabUse?: TabUseSignals | null
  /** Fetches the runtime's chunk (default: the dynamic import); a test counts or fails the load here. */
  readonly importRuntime?: () => Promise<typeof import("./app-runtime")>
}

export type AppActor = Actor<ReturnType<typeof provideApp>>

export interface StartedApp {
  readonly actor: AppActor
  /** The runtime the root's actors call their services on, loaded now if it has not been yet. */
  readonly runtime: () => Promise<AppRuntime>
  /** Everything the actor system did since start, for the support panel and its trace export. */
  readonly recorder: TraceRecorder
  readonly dispose: () => Promise<void>
}

/**
 * Starts the root actor, with the runtime its actors call their services on loaded on first use
 * (docs/architecture.md#effect-services), and the link to the other tabs open from the start.
 */
export function startApp(options: StartAppOptions): StartedApp {
  const tabs = options.tabs ?? browserTabLink()
  // The Api needs the running actors (token, refresh queue) and the actors need the runtime:
  // the runtime reads the actor through this late-bound reference.
  let actor: AppActor | null = null
  const env = actorHttpEnv(
    () => actor?.system,
    options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  )
  const importRuntime = options.importRuntime ?? (() => import("./app-runtime"))
  const runtime = runtimeLoader(() => {
    // Every AuthApi call first fetches its endpoint's record: asked for beside the runtime, not after it. A
    // failure here is the call's own to report.
    loadAuthEndpoints().catch(() => undefined)
    return importRuntime().then((chunk) => chunk.buildRuntime(options.config, env, tabs))
  }, CHUNK_LOAD_TIMEOUT_MS)
  // A browser with a session needs the runtime at once (the profile, then the signed-in page's code): it is
  // asked for now, beside everything else. Without one the sign-in page renders first, and the runtime loads
  // once the page has painted and the browser is idle, so that 'Sign in' finds it there (or on that first call).
  const warm = () => void runtime.get().catch(() => undefined)
  const cancelWarm = noSessionHint() ? afterFirstPaint(warm) : warmNow(warm)
  // Recording starts with the first actor, so that a trace replays every actor from its initial state.
  const recorder = createTraceRecorder()
  const observer = options.inspect
  const tabUse =
    options.tabUse !== undefined ? options.tabUse : typeof document === "undefined" ? null : browserTabUse()
  const created: AppActor = createActor(provideApp(runtime, { link: tabs, use: tabUse }, recorder), {
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
    runtime: () => runtime.get().then((loaded) => loaded.runtime),
    recorder,
    dispose: async () => {
      cancelWarm()
      created.stop()
      tabs.close()
      await runtime.loaded()?.runtime.dispose()
    },
  }
}

/** Runs `warm` now; there is nothing left to cancel. */
function warmNow(warm: () => void): () => void {
  warm()
  return () => {}
}
