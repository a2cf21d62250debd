import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { paletteMachine } from "../../machines/shell/palette.machine"
import { searchApi } from "../../schema/api/search"
import type { SearchResult } from "../../schema/shell/search"
import type { Failure } from "../../schema/system/failure"
import { callEndpoint } from "../system/api-call"
import { Api } from "../system/api-client"

// The command palette's one call, typed by the API description.

type Run = <A, E>(effect: Effect.Effect<A, E, Api>) => Promise<A>

export const searchRecords = (
  q: string,
): Effect.Effect<{ readonly results: ReadonlyArray<SearchResult> }, Failure, Api> =>
  Api.use((api) => callEndpoint(api, searchApi.endpoints.find, { query: { q } }))

export function providePalette(run: Run) {
  return paletteMachine.provide({
    actors: {
      searchRecords: fromPromise<ReadonlyArray<SearchResult>, { q: string }>(({ input }) =>
        run(searchRecords(input.q)).then((answer) => answer.results),
      ),
    },
  })
}
