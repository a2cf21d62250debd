import type { Effect } from "effect"
import { fromPromise } from "xstate"
import { bulkSummary } from "../../machines/marketplace/bulk-outcome"
import { bulkReviewMachine, type DecideOneInput } from "../../machines/marketplace/bulk-review.machine"
import { claimMachine, type SaveClaimInput } from "../../machines/marketplace/claim.machine"
import {
  decisionWords,
  type ListPage,
  type RecordDetail,
  type RecordRef,
  recordTitle,
} from "../../machines/marketplace/marketplace-types"
import { type FetchPageInput, pagedListMachine } from "../../machines/marketplace/paged-list.machine"
import { type ActInput, reviewMachine } from "../../machines/marketplace/review.machine"
import {
  type SaveSelectionInput,
  type SelectTarget,
  selectProvidersMachine,
} from "../../machines/marketplace/select-providers.machine"
import type { CandidateList } from "../../schema/marketplace/marketplace"
import { MarketplaceApi } from "./marketplace-api"
import { toast } from "../shell/toasts"

// The marketplace machines with their IO: each actor is one MarketplaceApi call, each announcement a toast.

type Run = <A, E>(effect: Effect.Effect<A, E, MarketplaceApi>) => Promise<A>

const titleOf = (record: RecordDetail | null): string =>
  record === null ? "The record" : recordTitle(record)

export function provideMarketplace(run: Run) {
  const api = <A>(f: (m: MarketplaceApi["Service"]) => Effect.Effect<A, unknown>) =>
    run(MarketplaceApi.use(f))
  return {
    pagedList: pagedListMachine.provide({
      actors: {
        fetchPage: fromPromise<ListPage, FetchPageInput>(({ input }) =>
          api((m) => m.list(input.source, input.query)),
        ),
      },
    }),
    review: reviewMachine.provide({
      actors: {
        loadRecord: fromPromise<RecordDetail, RecordRef>(({ input }) => api((m) => m.detail(input))),
        act: fromPromise<RecordDetail, ActInput>(({ input }) =>
          api((m) => m.decide(input.target, input.decision)),
        ),
      },
      actions: {
        announceDone: (_, { decision, record }) => {
          toast.success(`${titleOf(record)} was ${decisionWords(decision)}.`)
        },
        announceConflict: (_, { message }) => {
          toast.warning(message)
        },
        announceFailure: (_, { message }) => {
          toast.error(message)
        },
      },
    }),
    selectProviders: selectProvidersMachine.provide({
      actors: {
        loadCandidates: fromPromise<CandidateList, SelectTarget>(({ input }) =>
          run(MarketplaceApi.use((m) => m.candidates(input.kind, input.uuid))),
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
    }),
    // The same per-record call as the detail page, once per ticked row, so each gets the server's own answer.
    bulkReview: bulkReviewMachine.provide({
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
    }),
    claim: claimMachine.provide({
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
    }),
  }
}
