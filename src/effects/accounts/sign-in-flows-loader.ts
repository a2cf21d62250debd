import { fromPromise } from "xstate"
import { CHUNK_LOAD_TIMEOUT_MS } from "../../constants"
import { type SignInFlowLogics, signInFlowsMachine } from "../../machines/accounts/sign-in-flows.machine"
import { onFirstPaint } from "../system/idle"
import { loadChunk } from "../system/load-chunk"
import type { RuntimeLoader } from "../system/runtime-loader"

/**
 * The sign-in flows' loader: their chunk is asked for as soon as the page has painted (on the sign-in page it
 * must not join the first paint's requests), ahead of the runtime, which loads once the browser is then idle.
 * The chunk holds no Effect code (its calls load with the runtime, ./account-calls-loader.ts), so the sign-in
 * page's notice shows as soon as it has run, not after the runtime has loaded and run. A chunk that fails is
 * logged for support and reported to the machine, which offers a retry.
 */
export function provideSignInFlowsLoader(runtime: RuntimeLoader) {
  return signInFlowsMachine.provide({
    actors: {
      loadFlows: fromPromise<SignInFlowLogics>(async () => {
        await new Promise<void>((resolve) => {
          onFirstPaint(resolve)
        })
        try {
          const chunk = await loadChunk(() => import("./sign-in-flows.actors"), CHUNK_LOAD_TIMEOUT_MS)
          return chunk.provideSignInFlows(runtime)
        } catch (error) {
          console.error("The sign-in pages' code could not be loaded", error)
          throw error
        }
      }),
    },
  })
}
