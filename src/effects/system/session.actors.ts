import { fromPromise } from "xstate"
import { CHUNK_LOAD_TIMEOUT_MS } from "../../constants"
import { dashboardMachine } from "../../machines/dashboard/dashboard.machine"
import { sessionMachine } from "../../machines/system/session.machine"
import { sidebarMachine } from "../../machines/shell/sidebar.machine"
import type { DashboardSummary } from "../../schema/dashboard/dashboard"
import { Api } from "./api-client"
import { callLoadedEndpoint } from "./api-call"
import { whenIdle } from "./idle"
import { loadChunk } from "./load-chunk"
import { type AppRuntime, runForActor } from "./runtime"
import { sessionLoader } from "./session-loader"
import { watchViewport } from "../shell/ui-preferences.actors"

// The summary's record (built with Schema) is fetched with its first call, alongside the answer, as the
// sign-in page's calls are (./load-decoding.ts): Schema is not part of what the dashboard waits for.
const summaryEndpoint = () => import("../../schema/api/dashboard").then((m) => m.dashboardApi.endpoints.summary)

/** Resolves once the browser is idle after the first paint: the rest of the session must not compete with it. */
const idle = () => new Promise<void>((resolve) => whenIdle(resolve))

/**
 * The session machine with what the first signed-in paint needs (the sidebar, the summary) and the loader of
 * the rest, every invoked actor a thin adapter over a service call. Loaded after sign-in, it runs on the root
 * runtime's own Api (one token source, one refresh queue); the rest builds its services on it too.
 */
export function provideSession(root: AppRuntime) {
  return sessionMachine.provide({
    actors: {
      sidebar: sidebarMachine.provide({ actors: { watchViewport } }),
      dashboard: dashboardMachine.provide({
        actors: {
          loadSummary: fromPromise<DashboardSummary>(() =>
            runForActor(
              root,
              Api.use((api) => callLoadedEndpoint(api, summaryEndpoint, {})),
            ),
          ),
        },
      }),
      loadRest: sessionLoader(async () => {
        await idle()
        const chunk = await loadChunk(() => import("./session-rest.actors"), CHUNK_LOAD_TIMEOUT_MS)
        return chunk.provideSessionRest(root)
      }),
    },
  })
}
