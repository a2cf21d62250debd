import { assign, emit, fromPromise, setup } from "xstate"
import type {
  Candidate,
  CandidateList,
  CandidateRequest,
  LeftOutCandidate,
} from "../../schema/marketplace/candidates"
import { MARKETPLACE_LIMITS, type RequestKind } from "../../schema/marketplace/marketplace"
import { failureStatus, failureText } from "../../schema/system/failure-text"
import type { RecordFact } from "../system/facts"
import { type CandidateFilter, type ServerFilter, sameServerFilter, serverFilterOf } from "./candidate-filter"
import type { RecordDetail } from "./marketplace-types"

// Choosing providers for an approved request: the ranked candidates load, the coordinator narrows them by
// text and service here and by distance and spare capacity on the server (which ranks what it keeps from 1),
// ticks several, confirms once, and the choice is saved. A 409 (someone chose first, or the
// request is no longer approved) shows the server's sentence and reloads the candidates with their marks.
// The candidates answer names the request: one that is not approved stops at `notApproved`, which explains
// instead of offering a Confirm that would fail (docs/behaviour.md#choosing-providers).

export const CANDIDATES_LOAD_FAILED = "The candidates could not be loaded. Please try again."
export const SELECTION_FAILED = "The providers could not be saved. Please try again."

export interface SelectTarget {
  readonly kind: RequestKind
  readonly uuid: string
}

export interface SelectProvidersContext {
  readonly target: SelectTarget
  readonly candidates: ReadonlyArray<Candidate>
  /** The request as the last candidates answer named it; null until one arrives. */
  readonly request: CandidateRequest | null
  /** Providers left out, and why (an expired insurance: docs/behaviour.md#documents). */
  readonly leftOut: ReadonlyArray<LeftOutCandidate>
  readonly chosen: ReadonlyArray<string>
  readonly search: string
  readonly service: string
  /** Leave out candidates further than this many km; null: any distance. */
  readonly maxKm: number | null
  /** Leave out candidates whose open jobs fill their capacity. */
  readonly hasCapacity: boolean
  /** The server's filter the candidates shown answer; unlike the one asked for only after a failed load. */
  readonly listedFor: ServerFilter
  readonly error: string | null
}

export interface LoadCandidatesInput {
  readonly target: SelectTarget
  readonly filter: ServerFilter
}

export type SelectProvidersEvent =
  | { type: "select.toggle"; uuid: string }
  | ({ type: "select.filter" } & CandidateFilter)
  | { type: "select.confirm" }
  | { type: "select.save" }
  | { type: "select.cancel" }
  | { type: "select.retry" }

export interface SaveSelectionInput {
  readonly target: SelectTarget
  readonly providerIds: ReadonlyArray<string>
}

const loadCandidates = fromPromise<CandidateList, LoadCandidatesInput>(() =>
  Promise.reject(new Error("loadCandidates not provided")),
)
const saveSelection = fromPromise<RecordDetail, SaveSelectionInput>(() =>
  Promise.reject(new Error("saveSelection not provided")),
)

/** A change of distance or capacity asks the server again (`to`); text and service narrow what is here. */
const filtering = (to: "#selectProviders.loading" | "#selectProviders.refetching") =>
  [{ guard: "asksServer", target: to, reenter: true, actions: "filter" }, { actions: "filter" }] as const

const editing = {
  "select.toggle": { actions: "toggle" },
  "select.filter": filtering("#selectProviders.refetching"),
  "select.confirm": { guard: "hasChoice", target: "confirming" },
  // After a failed load for the filter asked (or when the connection is back), the same filter again.
  "select.retry": { guard: "listedForOtherFilter", target: "refetching" },
} as const

const loadInput = ({ context }: { context: SelectProvidersContext }): LoadCandidatesInput => ({
  target: context.target,
  filter: serverFilterOf(context),
})
/** The answer, with the filter it was asked for (the one the machine was given to load). */
const taken = ({
  context,
  event,
}: {
  context: SelectProvidersContext
  event: { output: CandidateList }
}) => ({
  list: event.output,
  filter: serverFilterOf(context),
})

/** An answer: a request no longer approved stops at `notApproved`, any other is shown, taken by `take`. */
const answered = (take: "takeCandidates" | "takeFiltered") =>
  [
    {
      guard: {
        type: "notApproved",
        params: ({ event }: { event: { output: CandidateList } }) => event.output,
      },
      target: "notApproved",
      actions: { type: take, params: taken },
    },
    { target: "ready", actions: { type: take, params: taken } },
  ] as const

export const selectProvidersMachine = setup({
  types: {
    context: {} as SelectProvidersContext,
    input: {} as SelectTarget,
    events: {} as SelectProvidersEvent,
    emitted: {} as RecordFact,
  },
  actors: { loadCandidates, saveSelection },
  guards: {
    hasChoice: ({ context }) => context.chosen.length > 0,
    isConflict: (_, params: { error: unknown }) => failureStatus(params.error) === 409,
    notApproved: (_, candidates: CandidateList) => candidates.request.status !== "approved",
    asksServer: ({ context, event }) => event.type === "select.filter" && !sameServerFilter(context, event),
    listedForOtherFilter: ({ context }) => !sameServerFilter(context, context.listedFor),
  },
  actions: {
    announceSaved: (_, _params: { count: number }) => {},
    announceFailure: (_, _params: { message: string }) => {},
    // More than the server allows cannot be ticked, so the limit is met before the save, not after it.
    toggle: assign({
      chosen: ({ context, event }) => {
        if (event.type !== "select.toggle") return context.chosen
        if (context.chosen.includes(event.uuid)) return context.chosen.filter((id) => id !== event.uuid)
        // Only a listed candidate can be ticked (the server's filter may have just left this one out).
        if (!context.candidates.some((c) => c.uuid === event.uuid)) return context.chosen
        if (context.chosen.length >= MARKETPLACE_LIMITS.maxSelectedProviders) return context.chosen
        return [...context.chosen, event.uuid]
      },
    }),
    filter: assign(({ context, event }) =>
      event.type === "select.filter"
        ? { search: event.search, service: event.service, maxKm: event.maxKm, hasCapacity: event.hasCapacity }
        : context,
    ),
    takeCandidates: assign((_, params: { list: CandidateList; filter: ServerFilter }) => ({
      candidates: params.list.results,
      request: params.list.request,
      leftOut: params.list.left_out ?? [],
      chosen: params.list.results.filter((c) => c.selected).map((c) => c.uuid),
      listedFor: params.filter,
    })),
    // A tick on a company the new filter leaves out is dropped: what is confirmed is what the page lists.
    takeFiltered: assign(({ context }, params: { list: CandidateList; filter: ServerFilter }) => ({
      candidates: params.list.results,
      request: params.list.request,
      leftOut: params.list.left_out ?? [],
      chosen: context.chosen.filter((id) => params.list.results.some((c) => c.uuid === id)),
      listedFor: params.filter,
      error: null,
    })),
  },
}).createMachine({
  id: "selectProviders",
  context: ({ input }) => ({
    target: input,
    candidates: [],
    request: null,
    leftOut: [],
    chosen: [],
    search: "",
    service: "",
    maxKm: null,
    hasCapacity: false,
    listedFor: { maxKm: null, hasCapacity: false },
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      // After a conflict the list is shown while it loads again, and its filters still work.
      on: { "select.filter": filtering("#selectProviders.loading") },
      invoke: {
        id: "loadCandidates",
        src: "loadCandidates",
        input: loadInput,
        onDone: answered("takeCandidates"),
        onError: [
          // After a conflict the message stays; only a first load failure replaces the page with a retry.
          { guard: ({ context }) => context.error !== null, target: "ready" },
          {
            target: "loadFailed",
            actions: assign({ error: ({ event }) => failureText(event.error, CANDIDATES_LOAD_FAILED) }),
          },
        ],
      },
    },
    loadFailed: { on: { "select.retry": { target: "loading", actions: assign({ error: null }) } } },
    // Providers are chosen only for an approved request: nothing here can change that, so nothing is offered.
    notApproved: {},
    ready: { on: editing },
    // The filter changed: the server is asked again while the rows it gave last stay shown and can be ticked.
    refetching: {
      on: {
        "select.toggle": { actions: "toggle" },
        "select.filter": filtering("#selectProviders.refetching"),
      },
      invoke: {
        id: "loadCandidates",
        src: "loadCandidates",
        input: loadInput,
        onDone: answered("takeFiltered"),
        // The rows stay those of the filter before, the filter stays as asked, and the sentence says so.
        onError: {
          target: "ready",
          actions: assign({ error: ({ event }) => failureText(event.error, CANDIDATES_LOAD_FAILED) }),
        },
      },
    },
    confirming: { on: { "select.save": "saving", "select.cancel": "ready" } },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        id: "saveSelection",
        src: "saveSelection",
        input: ({ context }) => ({ target: context.target, providerIds: context.chosen }),
        onDone: {
          target: "saved",
          actions: [
            { type: "announceSaved", params: ({ context }) => ({ count: context.chosen.length }) },
            emit(({ context }) => ({
              type: "records.changed",
              source: context.target.kind,
              uuids: [context.target.uuid],
            })),
          ],
        },
        onError: [
          {
            guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) },
            target: "loading",
            actions: [
              assign({ error: ({ event }) => failureText(event.error, SELECTION_FAILED) }),
              {
                type: "announceFailure",
                params: ({ context }) => ({ message: context.error ?? SELECTION_FAILED }),
              },
            ],
          },
          {
            target: "ready",
            actions: [
              assign({ error: ({ event }) => failureText(event.error, SELECTION_FAILED) }),
              {
                type: "announceFailure",
                params: ({ context }) => ({ message: context.error ?? SELECTION_FAILED }),
              },
            ],
          },
        ],
      },
    },
    saved: { type: "final" },
  },
})
