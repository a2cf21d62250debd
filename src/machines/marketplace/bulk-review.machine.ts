import { assign, emit, fromPromise, setup } from "xstate"
import { failureStatus, failureText } from "../../schema/system/failure-text"
import type { RecordFact } from "../system/facts"
import type { BulkOutcome, BulkResult, BulkRow } from "./bulk-outcome"
import {
  decisionWords,
  type ListSource,
  positiveActionFor,
  type RecordDetail,
  type RecordRef,
  type ReviewDecision,
} from "./marketplace-types"
import { ACTION_FAILED } from "./review.machine"

// Deciding many pending records at once, from a list page: tick rows, confirm once (or give one reason for
// all), then each record is decided by its own call, one after another, so that each gets its own answer:
// a 409 says who decided first, a failure says why, and neither stops the rest. Then it publishes that the
// records changed: the lists of their kind reload and the pending counts are fetched again.

export interface BulkReviewInput {
  readonly source: ListSource
}

export interface BulkReviewContext {
  readonly source: ListSource
  /** The rows the page shows now; selection never reaches beyond them. */
  readonly rows: ReadonlyArray<BulkRow>
  readonly selected: ReadonlyArray<string>
  /** What the dialog asked about and the run acts on, fixed when the dialog opens. */
  readonly batch: ReadonlyArray<BulkRow>
  readonly decision: ReviewDecision | null
  readonly outcomes: ReadonlyArray<BulkOutcome>
}

export type BulkReviewEvent =
  | { type: "bulk.rows"; rows: ReadonlyArray<BulkRow> }
  | { type: "bulk.toggle"; uuid: string }
  | { type: "bulk.toggleAll" }
  /** With `uuid` (the keyboard's `a` on its cursor row): that row, when nothing is ticked. */
  | { type: "bulk.approve"; uuid?: string }
  | { type: "bulk.reject"; uuid?: string }
  | { type: "bulk.confirm" }
  | { type: "bulk.submitReason"; reason: string }
  | { type: "bulk.cancel" }
  | { type: "bulk.dismiss" }

export interface DecideOneInput {
  readonly target: RecordRef
  readonly decision: ReviewDecision
}

const decideOne = fromPromise<RecordDetail, DecideOneInput>(() =>
  Promise.reject(new Error("decideOne not provided")),
)

/** Keeps the ticked uuids that are still rows, in row order. */
const onlyRows = (rows: ReadonlyArray<BulkRow>, selected: ReadonlySet<string>): ReadonlyArray<string> =>
  rows.filter((r) => selected.has(r.uuid)).map((r) => r.uuid)

const current = (context: BulkReviewContext): BulkRow | undefined => context.batch[context.outcomes.length]

/**
 * What a decision acts on: the ticked rows; with none ticked, the row the keyboard points at (its `uuid`), so
 * that `a` and `r` decide the record under the cursor (docs/behaviour.md#keyboard-triage).
 */
const batchOf = (context: BulkReviewContext, event: BulkReviewEvent): ReadonlyArray<BulkRow> => {
  if (context.selected.length > 0) return context.rows.filter((r) => context.selected.includes(r.uuid))
  const uuid = event.type === "bulk.approve" || event.type === "bulk.reject" ? event.uuid : undefined
  return context.rows.filter((r) => r.uuid === uuid)
}

/** Where the rows can be ticked and a batch started: before any run and after one (with its report). */
const choosing = {
  "bulk.toggle": { actions: "toggle" },
  "bulk.toggleAll": { actions: "toggleAll" },
  "bulk.approve": { guard: "hasBatch", target: "#bulkReview.confirming", actions: "takeBatch" },
  "bulk.reject": { guard: "hasBatch", target: "#bulkReview.askingReason", actions: "takeBatch" },
} as const

export const bulkReviewMachine = setup({
  types: {
    context: {} as BulkReviewContext,
    input: {} as BulkReviewInput,
    events: {} as BulkReviewEvent,
    emitted: {} as RecordFact,
  },
  actors: { decideOne },
  guards: {
    hasBatch: ({ context, event }) => batchOf(context, event).length > 0,
    hasReason: ({ event }) => event.type === "bulk.submitReason" && event.reason.trim() !== "",
    hasMore: ({ context }) => context.outcomes.length < context.batch.length,
    isConflict: (_, params: { error: unknown }) => failureStatus(params.error) === 409,
  },
  actions: {
    // The summary reaches the user as a toast; the real one is provided from src/effects (sonner).
    announceSummary: (
      _,
      _params: { decision: ReviewDecision | null; outcomes: ReadonlyArray<BulkOutcome> },
    ) => {},
    // Decided, refused as already decided, or failed: any of them may have moved since the list was read.
    announceChanged: emit(({ context }) => ({
      type: "records.changed",
      source: context.source,
      uuids: context.batch.map((r) => r.uuid),
    })),
    takeRows: assign(({ context, event }) => {
      if (event.type !== "bulk.rows") return {}
      return { rows: event.rows, selected: onlyRows(event.rows, new Set(context.selected)) }
    }),
    toggle: assign({
      selected: ({ context, event }) => {
        if (event.type !== "bulk.toggle") return context.selected
        const next = new Set(context.selected)
        if (next.has(event.uuid)) next.delete(event.uuid)
        else next.add(event.uuid)
        return onlyRows(context.rows, next)
      },
    }),
    // All ticked untick all; anything less ticks every row on the page.
    toggleAll: assign({
      selected: ({ context }) =>
        context.rows.length > 0 && context.selected.length === context.rows.length
          ? []
          : context.rows.map((r) => r.uuid),
    }),
    takeBatch: assign({
      batch: ({ context, event }) => batchOf(context, event),
    }),
    record: assign({
      outcomes: ({ context }, params: { result: BulkResult; message: string }) => {
        const row = current(context)
        return row === undefined ? context.outcomes : [...context.outcomes, { ...row, ...params }]
      },
    }),
    // Records that simply failed stay ticked so that the same batch can be tried again.
    keepFailed: assign({
      selected: ({ context }) =>
        onlyRows(
          context.rows,
          new Set(context.outcomes.filter((o) => o.result === "failed").map((o) => o.uuid)),
        ),
    }),
  },
}).createMachine({
  id: "bulkReview",
  context: ({ input }) => ({
    source: input.source,
    rows: [],
    selected: [],
    batch: [],
    decision: null,
    outcomes: [],
  }),
  initial: "selecting",
  on: { "bulk.rows": { actions: "takeRows" } },
  states: {
    selecting: { on: choosing },
    confirming: {
      on: {
        "bulk.confirm": {
          target: "acting",
          actions: assign({ decision: ({ context }) => ({ action: positiveActionFor(context.source) }) }),
        },
        "bulk.cancel": "selecting",
      },
    },
    askingReason: {
      on: {
        "bulk.submitReason": {
          guard: "hasReason",
          target: "acting",
          actions: assign({ decision: ({ event }) => ({ action: "reject", reason: event.reason.trim() }) }),
        },
        "bulk.cancel": "selecting",
      },
    },
    acting: {
      entry: assign({ outcomes: [] }),
      initial: "deciding",
      states: {
        deciding: {
          invoke: {
            id: "decideOne",
            src: "decideOne",
            input: ({ context }) => ({
              target: { kind: context.source, uuid: current(context)?.uuid ?? "" },
              decision: context.decision ?? { action: positiveActionFor(context.source) },
            }),
            onDone: {
              target: "next",
              actions: {
                type: "record",
                params: ({ context }) => ({ result: "done", message: decisionWords(context.decision) }),
              },
            },
            onError: [
              {
                guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) },
                target: "next",
                actions: {
                  type: "record",
                  params: ({ event }) => ({
                    result: "conflict",
                    message: failureText(event.error, ACTION_FAILED),
                  }),
                },
              },
              {
                target: "next",
                actions: {
                  type: "record",
                  params: ({ event }) => ({
                    result: "failed",
                    message: failureText(event.error, ACTION_FAILED),
                  }),
                },
              },
            ],
          },
        },
        next: { always: [{ guard: "hasMore", target: "deciding" }, { target: "#bulkReview.reported" }] },
      },
    },
    reported: {
      entry: [
        "keepFailed",
        "announceChanged",
        {
          type: "announceSummary",
          params: ({ context }) => ({ decision: context.decision, outcomes: context.outcomes }),
        },
      ],
      on: { ...choosing, "bulk.dismiss": { target: "selecting", actions: assign({ outcomes: [] }) } },
    },
  },
})
