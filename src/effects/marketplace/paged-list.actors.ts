import type { Effect } from "effect"
import { fromPromise } from "xstate"
import type { ListPage } from "../../machines/marketplace/marketplace-types"
import { type FetchPageInput, pagedListMachine } from "../../machines/marketplace/paged-list.machine"
import { MarketplaceApi } from "./marketplace-api"

// A list page's machine with its IO: each page one MarketplaceApi call.

type Run = <A, E>(effect: Effect.Effect<A, E, MarketplaceApi>) => Promise<A>

export function providePagedList(run: Run) {
  const api = <A>(f: (m: MarketplaceApi["Service"]) => Effect.Effect<A, unknown>) =>
    run(MarketplaceApi.use(f))
  return pagedListMachine.provide({
    actors: {
      fetchPage: fromPromise<ListPage, FetchPageInput>(({ input }) =>
        api((m) => m.list(input.source, input.query)),
      ),
    },
  })
}
