import type { Effect } from "effect"
import { CHUNK_LOAD_TIMEOUT_MS } from "../constants"
import { appMachine } from "../machines/app.machine"
import { uiPreferencesMachine } from "../machines/ui-preferences.machine"
import { provideAuth } from "./auth-actors"
import type { AuthApi } from "./auth-api"
import { loadChunk } from "./load-chunk"
import { type AppRuntime, runForActor } from "./runtime"
import { sessionLoader } from "./session-loader"
import { provideSupport } from "./support-actors"
import type { TabChannel } from "./tab-channel"
import { provideTabs } from "./tabs-actors"
import type { TraceRecorder } from "./trace-recorder"
import { uiPreferenceActions, watchColorScheme } from "./ui-actors"

/** The root machine with every invoked actor a thin adapter over a service call. */
export function provideApp(runtime: AppRuntime, recorder?: TraceRecorder) {
  return appMachine.provide({
    actors: {
      ...provideAuth(<A, E>(effect: Effect.Effect<A, E, AuthApi>) => runForActor(runtime, effect)),
      tabs: provideTabs(<A, E>(effect: Effect.Effect<A, E, TabChannel>) => runForActor(runtime, effect)),
      uiPreferences: uiPreferencesMachine.provide({
        actors: { watchColorScheme },
        actions: uiPreferenceActions,
      }),
      // A separate chunk: the sign-in page never loads the layout's, notifications', socket's or marketplace's code.
      loadSession: sessionLoader(async () => {
        const chunk = await loadChunk(() => import("./session-actors"), CHUNK_LOAD_TIMEOUT_MS)
        return chunk.provideSession(runtime)
      }),
      ...(recorder ? { support: provideSupport(recorder) } : {}),
    },
  })
}
