import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { bulkSummary } from "../../machines/marketplace/bulk-outcome"
import { bulkReviewMachine, type DecideOneInput } from "../../machines/marketplace/bulk-review.machine"
import type { RecordDetail } from "../../machines/marketplace/marketplace-types"
import { toast } from "../shell/toasts"
import { MarketplaceApi } from "./marketplace-api"

// Bulk decisions with their IO: the same per-record call as the detail page, once per ticked row, so each
// gets the server's own answer; the summary is one toast.

type Run = <A, E>(effect: Effect.Effect<A, E, MarketplaceApi>) => Promise<A>

export function provideBulkReview(run: Run) {
  const api = <A>(f: (m: MarketplaceApi["Service"]) => Effect.Effect<A, unknown>) =>
    run(MarketplaceApi.use(f))
  return bulkReviewMachine.provide({
    actors: {
      decideOne: fromPromise<RecordDetail, DecideOneInput>(({ input }) =>
        api((m) => m.decide(input.target, input.decision)),
      ),
    },
    actions: {
      announceSummary: (_, { decision, outcomes }) => {
        const { tone, text } = bulkSummary(decision, outcomes)
        toast[tone](text)
      },
    },
  })
}
