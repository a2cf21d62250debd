import type { Effect } from "effect"
import { fromPromise } from "xstate"
import {
  decisionWords,
  type RecordDetail,
  type RecordRef,
  recordTitle,
} from "../../machines/marketplace/marketplace-types"
import { type ActInput, reviewMachine } from "../../machines/marketplace/review.machine"
import { toast } from "../shell/toasts"
import { MarketplaceApi } from "./marketplace-api"

// A detail page's machine with its IO: each actor one MarketplaceApi call, each announcement a toast.

type Run = <A, E>(effect: Effect.Effect<A, E, MarketplaceApi>) => Promise<A>

const titleOf = (record: RecordDetail | null): string =>
  record === null ? "The record" : recordTitle(record)

export function provideReview(run: Run) {
  const api = <A>(f: (m: MarketplaceApi["Service"]) => Effect.Effect<A, unknown>) =>
    run(MarketplaceApi.use(f))
  return reviewMachine.provide({
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
  })
}
