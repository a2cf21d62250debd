import { CHUNK_LOAD_TIMEOUT_MS } from "../../constants"
import { appMachine } from "../../machines/system/app.machine"
import { provideSignInFlowsLoader } from "../accounts/sign-in-flows-loader"
import { provideAuth } from "../auth/auth.actors"
import { provideRefresh } from "../auth/refresh.actors"
import { provideUiPreferences } from "../shell/ui-preferences.actors"
import { provideSupport } from "../support/support.actors"
import type { TraceRecorder } from "../support/trace-recorder"
import type { TabLink } from "../tabs/tab-link"
import { provideTabs, type TabUseSignals } from "../tabs/tabs.actors"
import { loadChunk } from "./load-chunk"
import type { RuntimeLoader } from "./runtime-loader"
import { sessionLoader } from "./session-loader"

/**
 * The root machine with every invoked actor a thin adapter over a service call. The services run on a runtime
 * loaded on first use (./runtime-loader.ts), so that nothing here holds Effect code; the other tabs are heard
 * through the link opened at start.
 */
export function provideApp(
  runtime: RuntimeLoader,
  tabs: { readonly link: TabLink; readonly use: TabUseSignals | null },
  recorder?: TraceRecorder,
) {
  return appMachine.provide({
    actors: {
      auth: provideAuth(runtime.auth),
      refresh: provideRefresh(runtime.auth),
      tabs: provideTabs(tabs.link, tabs.use),
      signInFlows: provideSignInFlowsLoader(runtime),
      uiPreferences: provideUiPreferences(),
      // A separate chunk: the sign-in page never loads the layout's, notifications', socket's or marketplace's
      // code. It comes in parallel with the runtime, which it is built on.
      loadSession: sessionLoader(async () => {
        const [chunk, loaded] = await Promise.all([
          loadChunk(() => import("./session.actors"), CHUNK_LOAD_TIMEOUT_MS),
          runtime.get(),
        ])
        return chunk.provideSession(loaded.runtime)
      }),
      ...(recorder ? { support: provideSupport(recorder) } : {}),
    },
  })
}
