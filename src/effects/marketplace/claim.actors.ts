import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { claimMachine, type SaveClaimInput } from "../../machines/marketplace/claim.machine"
import type { RecordDetail } from "../../machines/marketplace/marketplace-types"
import { toast } from "../shell/toasts"
import { MarketplaceApi } from "./marketplace-api"

// A record's claim with its IO: one MarketplaceApi call per change, a failure announced by a toast.

type Run = <A, E>(effect: Effect.Effect<A, E, MarketplaceApi>) => Promise<A>

export function provideClaim(run: Run) {
  const api = <A>(f: (m: MarketplaceApi["Service"]) => Effect.Effect<A, unknown>) =>
    run(MarketplaceApi.use(f))
  return claimMachine.provide({
    actors: {
      saveClaim: fromPromise<RecordDetail, SaveClaimInput>(({ input }) =>
        api((m) => m.claim(input.target, input.change)),
      ),
    },
    actions: {
      announceFailure: (_, { message }) => {
        toast.error(message)
      },
    },
  })
}
