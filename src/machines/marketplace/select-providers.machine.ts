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
import type { RecordDetail } from "./marketplace-types"

// Choosing providers for an approved request: the ranked candidates load, the coordinator narrows them by
// text and service, ticks several, confirms once, and the choice is saved. A 409 (someone chose first, or the
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
  readonly error: string | null
}

/** The page's narrowing: text, service, maximum distance and spare capacity, all applied together. */
export interface CandidateFilter {
  readonly search: string
  readonly service: string
  readonly maxKm: number | null
  readonly hasCapacity: boolean
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

const loadCandidates = fromPromise<CandidateList, SelectTarget>(() =>
  Promise.reject(new Error("loadCandidates not provided")),
)
const saveSelection = fromPromise<RecordDetail, SaveSelectionInput>(() =>
  Promise.reject(new Error("saveSelection not provided")),
)

/** The candidates the filter leaves, still in rank order. A candidate of unknown distance passes a maximum. */
export function visibleCandidates(ctx: Pick<SelectProvidersContext, "candidates"> & CandidateFilter) {
  const q = ctx.search.trim().toLowerCase()
  return ctx.candidates.filter(
    (c) =>
      (ctx.service === "" || c.services.some((s) => s === ctx.service)) &&
      (ctx.maxKm === null || c.distance_km === null || c.distance_km <= ctx.maxKm) &&
      (!ctx.hasCapacity || c.current_load < c.capacity) &&
      (q === "" ||
        c.company_name.toLowerCase().includes(q) ||
        c.service_area.some((a) => a.toLowerCase().includes(q))),
  )
}

const editing = {
  "select.toggle": { actions: "toggle" },
  "select.filter": { actions: "filter" },
  "select.confirm": { guard: "hasChoice", target: "confirming" },
} as const

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
  },
  actions: {
    announceSaved: (_, _params: { count: number }) => {},
    announceFailure: (_, _params: { message: string }) => {},
    // More than the server allows cannot be ticked, so the limit is met before the save, not after it.
    toggle: assign({
      chosen: ({ context, event }) => {
        if (event.type !== "select.toggle") return context.chosen
        if (context.chosen.includes(event.uuid)) return context.chosen.filter((id) => id !== event.uuid)
        if (context.chosen.length >= MARKETPLACE_LIMITS.maxSelectedProviders) return context.chosen
        return [...context.chosen, event.uuid]
      },
    }),
    filter: assign(({ context, event }) =>
      event.type === "select.filter"
        ? { search: event.search, service: event.service, maxKm: event.maxKm, hasCapacity: event.hasCapacity }
        : context,
    ),
    takeCandidates: assign((_, params: { list: CandidateList }) => ({
      candidates: params.list.results,
      request: params.list.request,
      leftOut: params.list.left_out ?? [],
      chosen: params.list.results.filter((c) => c.selected).map((c) => c.uuid),
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
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadCandidates",
        src: "loadCandidates",
        input: ({ context }) => context.target,
        onDone: [
          {
            guard: { type: "notApproved", params: ({ event }) => event.output },
            target: "notApproved",
            actions: { type: "takeCandidates", params: ({ event }) => ({ list: event.output }) },
          },
          {
            target: "ready",
            actions: { type: "takeCandidates", params: ({ event }) => ({ list: event.output }) },
          },
        ],
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
