import type { Effect } from "effect"
import { fromPromise } from "xstate"
import type { RecordDetail } from "../../machines/marketplace/marketplace-types"
import {
  type LoadCandidatesInput,
  type SaveSelectionInput,
  selectProvidersMachine,
} from "../../machines/marketplace/select-providers.machine"
import type { CandidateList } from "../../schema/marketplace/candidates"
import { toast } from "../shell/toasts"
import { MarketplaceApi } from "./marketplace-api"

// The provider chooser's machine with its IO: each actor one MarketplaceApi call, each announcement a toast.

type Run = <A, E>(effect: Effect.Effect<A, E, MarketplaceApi>) => Promise<A>

export function provideSelectProviders(run: Run) {
  const api = <A>(f: (m: MarketplaceApi["Service"]) => Effect.Effect<A, unknown>) =>
    run(MarketplaceApi.use(f))
  return selectProvidersMachine.provide({
    actors: {
      loadCandidates: fromPromise<CandidateList, LoadCandidatesInput>(({ input }) =>
        api((m) => m.candidates(input.target.kind, input.target.uuid, input.filter)),
      ),
      saveSelection: fromPromise<RecordDetail, SaveSelectionInput>(({ input }) =>
        api((m) => m.selectProviders(input.target.kind, input.target.uuid, input.providerIds)),
      ),
    },
    actions: {
      announceSaved: (_, { count }) => {
        toast.success(`${count} provider${count === 1 ? "" : "s"} chosen.`)
      },
      announceFailure: (_, { message }) => {
        toast.error(message)
      },
    },
  })
}
