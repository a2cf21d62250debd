import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { sharedViewsMachine } from "../../machines/marketplace/shared-views.machine"
import { savedViewsApi } from "../../schema/api/saved-views"
import type { SavedViewCount } from "../../schema/marketplace/saved-views"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

/** The shared views' one call: every shared view with its count. */
export function provideSharedViews(run: Run) {
  return sharedViewsMachine.provide({
    actors: {
      loadShared: fromPromise<ReadonlyArray<SavedViewCount>>(() =>
        run(Api.use((api) => callEndpoint(api, savedViewsApi.endpoints.counts, {}))).then((p) => p.results),
      ),
    },
  })
}
