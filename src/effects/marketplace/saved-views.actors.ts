import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { type ChangeInput, savedViewsMachine } from "../../machines/marketplace/saved-views.machine"
import { savedViewsApi } from "../../schema/api/saved-views"
import type { SavedView, SavedViewList } from "../../schema/marketplace/saved-views"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

// The saved views' calls: the list's views, and each change as its one call.

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

export function provideSavedViews(run: Run) {
  const { list, create, rename, remove } = savedViewsApi.endpoints
  return savedViewsMachine.provide({
    actors: {
      loadViews: fromPromise<ReadonlyArray<SavedView>, SavedViewList>(({ input }) =>
        run(Api.use((api) => callEndpoint(api, list, { query: { list: input } }))).then((p) => p.results),
      ),
      changeViews: fromPromise<unknown, ChangeInput>(({ input: { list: which, change } }) =>
        run(
          Api.use((api) => {
            switch (change.kind) {
              case "save":
                return callEndpoint(api, create, {
                  payload: { name: change.name, list: which, query: change.query, shared: change.shared },
                })
              case "rename":
                return callEndpoint(api, rename, {
                  params: { uuid: change.uuid },
                  payload: { name: change.name },
                })
              case "delete":
                return callEndpoint(api, remove, { params: { uuid: change.uuid } })
            }
          }),
        ),
      ),
    },
  })
}
