import type { Effect } from "effect"
import { fromPromise } from "xstate"
import {
  type CourseTarget,
  changeCourseMachine,
  type OfferMoreInput,
  type WithdrawInput,
} from "../../machines/marketplace/change-course.machine"
import type { RecordDetail } from "../../machines/marketplace/marketplace-types"
import type { CandidateList } from "../../schema/marketplace/candidates"
import { toast } from "../shell/toasts"
import { MarketplaceApi } from "./marketplace-api"

// Changing course with its IO: each actor one MarketplaceApi call, each announcement a toast.

type Run = <A, E>(effect: Effect.Effect<A, E, MarketplaceApi>) => Promise<A>

export function provideChangeCourse(run: Run) {
  const api = <A>(f: (m: MarketplaceApi["Service"]) => Effect.Effect<A, unknown>) =>
    run(MarketplaceApi.use(f))
  return changeCourseMachine.provide({
    actors: {
      loadCandidates: fromPromise<CandidateList, CourseTarget>(({ input }) =>
        api((m) => m.candidates(input.kind, input.uuid)),
      ),
      withdraw: fromPromise<RecordDetail, WithdrawInput>(({ input }) =>
        api((m) => m.withdrawOffer(input.target.kind, input.target.uuid, input.offer, input.reason)),
      ),
      offerMore: fromPromise<RecordDetail, OfferMoreInput>(({ input }) =>
        api((m) => m.offerProviders(input.target.kind, input.target.uuid, input.providerIds, input.reason)),
      ),
    },
    actions: {
      announceDone: (_, { message }) => {
        toast.success(message)
      },
      announceFailure: (_, { message }) => {
        toast.error(message)
      },
    },
  })
}
