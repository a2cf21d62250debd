import { CHUNK_LOAD_TIMEOUT_MS } from "../../constants"
import { type LoadRestInput, sessionMachine } from "../../machines/system/session.machine"
import { provideDashboard } from "../dashboard/dashboard.actors"
import { provideSidebar } from "../shell/sidebar.actors"
import { nextTask, whenIdle } from "./idle"
import { loadChunk } from "./load-chunk"
import type { AppRuntime } from "./runtime"
import { sessionLoader } from "./session-loader"

/** Resolves once the browser is idle after the first paint: the rest of the session must not compete with it
 * (unless a page already waits for it). */
const idle = () => new Promise<void>((resolve) => whenIdle(resolve))

/**
 * The session machine with what the first signed-in paint needs (the sidebar, the summary) and the loader of
 * the rest, each child's actors from its own adapter. Loaded after sign-in, it runs on the root runtime's own
 * Api (one token source, one refresh queue); the rest builds its services on it too.
 */
export function provideSession(root: AppRuntime) {
  return sessionMachine.provide({
    actors: {
      sidebar: provideSidebar(),
      dashboard: provideDashboard(root),
      loadRest: sessionLoader<LoadRestInput>(async ({ atOnce }) => {
        if (!atOnce) await idle()
        // In three tasks on a slow phone rather than one long one: the signed-in services and their records
        // are evaluated, then the rest's machines and adapters, then what those provide is built.
        const chunk = await loadChunk(async () => {
          await import("./session-rest-services")
          await nextTask()
          return import("./session-rest.actors")
        }, CHUNK_LOAD_TIMEOUT_MS)
        await nextTask()
        return chunk.provideSessionRest(root)
      }),
    },
  })
}
