import { assign, emit, fromPromise, setup } from "xstate"
import type { Candidate, CandidateList } from "../../schema/marketplace/candidates"
import type { Offer, RequestKind } from "../../schema/marketplace/marketplace"
import { failureStatus, failureText } from "../../schema/system/failure-text"
import type { CourseFact } from "../system/facts"
import type { RecordDetail } from "./marketplace-types"

// Changing course on an approved request (docs/behaviour.md#offers): withdraw an open offer, or offer the job
// to more providers, each with a reason. The request after the change is published as a fact, so the page
// shows it at once; a 409 (the job was taken, or the offer answered, meanwhile) says the server's sentence on
// the page and has the record loaded again, so that what is shown is what is true now.

export const WITHDRAW_FAILED = "The offer could not be withdrawn. Please try again."
export const OFFER_MORE_FAILED = "The providers could not be offered the job. Please try again."
export const CANDIDATES_FAILED = "The candidates could not be loaded. Please try again."
export const NONE_CHOSEN = "Choose at least one provider to offer the job to."
export const NO_MORE_CANDIDATES = "Every possible provider already has an offer for this job."

export interface CourseTarget {
  readonly kind: RequestKind
  readonly uuid: string
}

export interface ChangeCourseContext {
  readonly target: CourseTarget
  /** The offer being withdrawn. */
  readonly offer: Offer | null
  /** Candidates that hold no open offer yet. */
  readonly candidates: ReadonlyArray<Candidate>
  readonly chosen: ReadonlyArray<string>
  readonly reason: string
  /** Said in the open dialog: a blank choice or a failure worth trying again. */
  readonly error: string | null
  /** Said on the page: the change could not be made because the request moved meanwhile. */
  readonly conflict: string | null
}

export type ChangeCourseEvent =
  | { type: "course.withdraw"; offer: Offer }
  | { type: "course.offerMore" }
  | { type: "course.toggle"; uuid: string }
  | { type: "course.submit"; reason: string }
  | { type: "course.cancel" }

export interface WithdrawInput {
  readonly target: CourseTarget
  readonly offer: string
  readonly reason: string
}

export interface OfferMoreInput {
  readonly target: CourseTarget
  readonly providerIds: ReadonlyArray<string>
  readonly reason: string
}

/** Only an offer still waiting for its answer can be taken back. */
export const mayWithdraw = (offer: Offer): boolean => offer.state === "offered"

/** More providers may be offered an approved request nobody has accepted yet. */
export const mayOfferMore = (record: RecordDetail): boolean =>
  record.status === "approved" && "offers" in record && !record.offers.some((o) => o.state === "accepted")

const withdraw = fromPromise<RecordDetail, WithdrawInput>(() =>
  Promise.reject(new Error("withdraw not provided")),
)
const offerMore = fromPromise<RecordDetail, OfferMoreInput>(() =>
  Promise.reject(new Error("offerMore not provided")),
)
const loadCandidates = fromPromise<CandidateList, CourseTarget>(() =>
  Promise.reject(new Error("loadCandidates not provided")),
)

const hasReason = (event: ChangeCourseEvent) => event.type === "course.submit" && event.reason.trim() !== ""
const reasonOf = (event: ChangeCourseEvent) => (event.type === "course.submit" ? event.reason.trim() : "")
const closed = { offer: null, candidates: [], chosen: [], reason: "", error: null } as const

export const changeCourseMachine = setup({
  types: {
    context: {} as ChangeCourseContext,
    input: {} as CourseTarget,
    events: {} as ChangeCourseEvent,
    emitted: {} as CourseFact,
  },
  actors: { withdraw, offerMore, loadCandidates },
  guards: {
    isOpenOffer: ({ event }) => event.type === "course.withdraw" && mayWithdraw(event.offer),
    hasReason: ({ event }) => hasReason(event),
    isCandidate: ({ context, event }) =>
      event.type === "course.toggle" && context.candidates.some((c) => c.uuid === event.uuid),
    hasChoice: ({ context, event }) => hasReason(event) && context.chosen.length > 0,
    isConflict: (_, params: { error: unknown }) => failureStatus(params.error) === 409,
  },
  actions: {
    // Results reach the user as toasts; the real ones are provided from src/effects.
    announceDone: (_, _params: { message: string }) => {},
    announceFailure: (_, _params: { message: string }) => {},
    publish: emit(({ context }, params: { record: RecordDetail | null }) => ({
      type: "records.courseChanged" as const,
      source: context.target.kind,
      uuid: context.target.uuid,
      record: params.record,
    })),
  },
}).createMachine({
  id: "changeCourse",
  context: ({ input }) => ({ target: input, ...closed, conflict: null }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "course.withdraw": {
          guard: "isOpenOffer",
          target: "askingWithdraw",
          actions: assign({
            offer: ({ event }) => event.offer,
            conflict: null,
            error: null,
          }),
        },
        "course.offerMore": { target: "loadingCandidates", actions: assign({ conflict: null, error: null }) },
      },
    },
    askingWithdraw: {
      on: {
        "course.submit": {
          guard: "hasReason",
          target: "withdrawing",
          actions: assign({ reason: ({ event }) => reasonOf(event), error: null }),
        },
        "course.cancel": { target: "idle", actions: assign(closed) },
      },
    },
    withdrawing: {
      invoke: {
        id: "withdraw",
        src: "withdraw",
        input: ({ context }) => ({
          target: context.target,
          offer: context.offer?.uuid ?? "",
          reason: context.reason,
        }),
        onDone: {
          target: "idle",
          actions: [
            { type: "publish", params: ({ event }) => ({ record: event.output }) },
            {
              type: "announceDone",
              params: ({ context }) => ({
                message: `Offer to ${context.offer?.provider.company_name ?? "the provider"} withdrawn.`,
              }),
            },
            assign(closed),
          ],
        },
        onError: [
          {
            guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) },
            target: "idle",
            actions: [
              assign({ ...closed, conflict: ({ event }) => failureText(event.error, WITHDRAW_FAILED) }),
              { type: "publish", params: { record: null } },
            ],
          },
          {
            target: "askingWithdraw",
            actions: [
              assign({ error: ({ event }) => failureText(event.error, WITHDRAW_FAILED) }),
              {
                type: "announceFailure",
                params: ({ event }) => ({ message: failureText(event.error, WITHDRAW_FAILED) }),
              },
            ],
          },
        ],
      },
    },
    loadingCandidates: {
      on: { "course.cancel": { target: "idle", actions: assign(closed) } },
      invoke: {
        id: "loadCandidates",
        src: "loadCandidates",
        input: ({ context }) => context.target,
        onDone: {
          target: "choosing",
          actions: assign({
            candidates: ({ event }) => event.output.results.filter((c) => !c.selected),
            error: ({ event }) => (event.output.results.some((c) => !c.selected) ? null : NO_MORE_CANDIDATES),
          }),
        },
        onError: {
          target: "idle",
          actions: [
            assign({ ...closed, conflict: ({ event }) => failureText(event.error, CANDIDATES_FAILED) }),
            {
              type: "announceFailure",
              params: ({ event }) => ({ message: failureText(event.error, CANDIDATES_FAILED) }),
            },
          ],
        },
      },
    },
    choosing: {
      on: {
        "course.toggle": {
          guard: "isCandidate",
          actions: assign({
            chosen: ({ context, event }) =>
              context.chosen.includes(event.uuid)
                ? context.chosen.filter((u) => u !== event.uuid)
                : [...context.chosen, event.uuid],
            error: null,
          }),
        },
        "course.submit": [
          {
            guard: "hasChoice",
            target: "offering",
            actions: assign({ reason: ({ event }) => reasonOf(event), error: null }),
          },
          // A reason without a provider: said in the dialog, which stays open.
          { guard: "hasReason", actions: assign({ error: NONE_CHOSEN }) },
        ],
        "course.cancel": { target: "idle", actions: assign(closed) },
      },
    },
    offering: {
      invoke: {
        id: "offerMore",
        src: "offerMore",
        input: ({ context }) => ({
          target: context.target,
          providerIds: context.chosen,
          reason: context.reason,
        }),
        onDone: {
          target: "idle",
          actions: [
            { type: "publish", params: ({ event }) => ({ record: event.output }) },
            {
              type: "announceDone",
              params: ({ context }) => ({
                message: `${context.chosen.length} more provider${context.chosen.length === 1 ? "" : "s"} offered the job.`,
              }),
            },
            assign(closed),
          ],
        },
        onError: [
          {
            guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) },
            target: "idle",
            actions: [
              assign({ ...closed, conflict: ({ event }) => failureText(event.error, OFFER_MORE_FAILED) }),
              { type: "publish", params: { record: null } },
            ],
          },
          {
            target: "choosing",
            actions: [
              assign({ error: ({ event }) => failureText(event.error, OFFER_MORE_FAILED) }),
              {
                type: "announceFailure",
                params: ({ event }) => ({ message: failureText(event.error, OFFER_MORE_FAILED) }),
              },
            ],
          },
        ],
      },
    },
  },
})
