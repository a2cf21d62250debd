import { and, assign, emit, enqueueActions, fromPromise, setup } from "xstate"
import { blockingEntries } from "../../schema/documents/checklist"
import { failureStatus, failureText } from "../../schema/system/failure-text"
import { heldFact } from "../live/held-position"
import type { LiveFact, RecordFact } from "../system/facts"
import {
  positiveActionFor,
  type RecordDetail,
  type RecordRef,
  type ReviewDecision,
} from "./marketplace-types"
import type { ReviewContext, ReviewEvent } from "./review-events"

// A record's detail page: load it, then approve/accept after a confirmation or reject with a reason. An
// application has a third answer, asking its applicant for more, and an accept with a required document
// missing or expired asks for a reason to override its checklist (docs/behaviour.md#documents).
// A 409 means someone else decided first: the server's sentence is shown and the record reloaded, so the page
// shows what is true now instead of an action that can no longer be taken.

export const RECORD_LOAD_FAILED = "The record could not be loaded. Please try again."
export const ACTION_FAILED = "The action failed. Please try again."

export interface ActInput {
  readonly target: RecordRef
  readonly decision: ReviewDecision
}

const loadRecord = fromPromise<RecordDetail, RecordRef>(() =>
  Promise.reject(new Error("loadRecord not provided")),
)
const act = fromPromise<RecordDetail, ActInput>(() => Promise.reject(new Error("act not provided")))

/** Where a pending record can be decided from: once loaded, and again after a failure or a conflict. */
const canDecide = {
  "review.approve": [
    { guard: and(["isPending", "needsOverride"]), target: "#review.askingOverride" },
    { guard: "isPending", target: "#review.confirming" },
  ],
  "review.reject": { guard: "isPending", target: "#review.askingReason" },
  "review.requestInfo": { guard: and(["isPending", "isApplication"]), target: "#review.askingMessage" },
} as const

/** Where the page shows the record settled: a change elsewhere is applied and the record loaded again. */
const live = {
  "review.remoteChanged": { guard: "isThisRecord", target: "#review.refreshing", actions: "takeRemote" },
  "review.refresh": { target: "#review.refreshing" },
} as const

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    input: {} as RecordRef,
    events: {} as ReviewEvent,
    emitted: {} as RecordFact | LiveFact,
  },
  actors: { loadRecord, act },
  guards: {
    isPending: ({ context }) => context.record?.status === "pending",
    hasReason: ({ event }) => event.type === "review.submitReason" && event.reason.trim() !== "",
    hasOverrideReason: ({ event }) => event.type === "review.submitOverride" && event.reason.trim() !== "",
    hasMessage: ({ event }) => event.type === "review.submitMessage" && event.message.trim() !== "",
    isApplication: ({ context }) => context.target.kind === "application",
    // The server refuses a plain accept in this case; the checklist is the server's, as loaded.
    needsOverride: ({ context }) =>
      context.record !== null &&
      "checklist" in context.record &&
      blockingEntries(context.record.checklist ?? []).length > 0,
    isConflict: (_, params: { error: unknown }) => failureStatus(params.error) === 409,
    isThisRecord: ({ context, event }) =>
      event.type === "review.remoteChanged" &&
      event.change.source === context.target.kind &&
      event.change.uuid === context.target.uuid,
  },
  actions: {
    // Results reach the user as toasts; the real ones are provided from src/effects (sonner).
    announceDone: (_, _params: { decision: ReviewDecision | null; record: RecordDetail | null }) => {},
    announceConflict: (_, _params: { message: string }) => {},
    announceFailure: (_, _params: { message: string }) => {},
    clearOutcome: assign({ error: null, conflict: null }),
    // The record as loaded reflects a live position: the socket resumes from it (docs/behaviour.md#catching-up).
    announceHeld: enqueueActions(({ context, enqueue }) => {
      const fact = context.record ? heldFact(context.record) : null
      if (fact) enqueue.emit(fact)
    }),
    // The list row has the status and decision; the audit trail comes with the reload that follows.
    takeRemote: assign(({ context, event }) => {
      if (event.type !== "review.remoteChanged" || context.record === null) return {}
      const record: RecordDetail = { ...context.record, ...event.change.record } as RecordDetail
      return { record, mark: event.change.mark }
    }),
    // Decided here, or found decided by someone else: either way the lists and counts moved.
    announceChanged: emit(({ context }) => ({
      type: "records.changed",
      source: context.target.kind,
      uuids: [context.target.uuid],
    })),
  },
}).createMachine({
  id: "review",
  context: ({ input }) => ({
    target: input,
    record: null,
    decision: null,
    error: null,
    conflict: null,
    mark: null,
  }),
  initial: "loading",
  on: {
    "review.assigned": {
      guard: ({ context, event }) => context.record !== null && context.record.uuid === event.uuid,
      actions: assign({
        record: ({ context, event }) =>
          event.record ?? (context.record ? { ...context.record, assignee: event.assignee } : null),
      }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: "loadRecord",
        src: "loadRecord",
        input: ({ context }) => context.target,
        onDone: {
          target: "ready",
          actions: [assign({ record: ({ event }) => event.output, error: null }), "announceHeld"],
        },
        onError: {
          target: "loadFailed",
          actions: assign({ error: ({ event }) => failureText(event.error, RECORD_LOAD_FAILED) }),
        },
      },
    },
    loadFailed: { on: { "review.retry": "loading" } },
    ready: { on: { ...canDecide, ...live } },
    // Loading again behind the record shown; its actions follow the status already taken.
    refreshing: {
      on: {
        ...canDecide,
        "review.remoteChanged": {
          guard: "isThisRecord",
          target: "refreshing",
          reenter: true,
          actions: "takeRemote",
        },
      },
      invoke: {
        id: "refreshRecord",
        src: "loadRecord",
        input: ({ context }) => context.target,
        onDone: {
          target: "ready",
          actions: [assign({ record: ({ event }) => event.output }), "announceHeld"],
        },
        onError: "ready",
      },
    },
    confirming: {
      on: {
        // A dialog open is a decision in progress: it stays (focus with it), and once the record was decided
        // elsewhere it says so and confirms nothing (docs/behaviour.md#live-records).
        "review.remoteChanged": { guard: "isThisRecord", actions: "takeRemote" },
        "review.confirm": {
          guard: "isPending",
          target: "acting",
          actions: assign({
            decision: ({ context }) => ({ action: positiveActionFor(context.target.kind) }),
          }),
        },
        "review.cancel": "ready",
      },
    },
    askingReason: {
      on: {
        "review.submitReason": {
          guard: and(["hasReason", "isPending"]),
          target: "acting",
          actions: assign({ decision: ({ event }) => ({ action: "reject", reason: event.reason.trim() }) }),
        },
        "review.cancel": "ready",
        "review.remoteChanged": { guard: "isThisRecord", actions: "takeRemote" },
      },
    },
    askingOverride: {
      on: {
        "review.submitOverride": {
          guard: and(["hasOverrideReason", "isPending"]),
          target: "acting",
          actions: assign({
            decision: ({ event }) => ({ action: "accept", overrideReason: event.reason.trim() }),
          }),
        },
        "review.cancel": "ready",
        "review.remoteChanged": { guard: "isThisRecord", actions: "takeRemote" },
      },
    },
    askingMessage: {
      on: {
        "review.submitMessage": {
          guard: and(["hasMessage", "isPending"]),
          target: "acting",
          actions: assign({
            decision: ({ event }) => ({ action: "requestInformation", message: event.message.trim() }),
          }),
        },
        "review.cancel": "ready",
        "review.remoteChanged": { guard: "isThisRecord", actions: "takeRemote" },
      },
    },
    acting: {
      entry: "clearOutcome",
      invoke: {
        id: "act",
        src: "act",
        input: ({ context }) => ({
          target: context.target,
          decision: context.decision ?? { action: "approve" },
        }),
        onDone: {
          target: "done",
          actions: [
            assign({ record: ({ event }) => event.output }),
            "announceChanged",
            {
              type: "announceDone",
              params: ({ context, event }) => ({ decision: context.decision, record: event.output }),
            },
          ],
        },
        onError: [
          {
            guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) },
            target: "conflict",
            actions: [
              assign({ conflict: ({ event }) => failureText(event.error, ACTION_FAILED) }),
              "announceChanged",
              {
                type: "announceConflict",
                params: ({ context }) => ({ message: context.conflict ?? ACTION_FAILED }),
              },
            ],
          },
          {
            target: "failed",
            actions: [
              assign({ error: ({ event }) => failureText(event.error, ACTION_FAILED) }),
              {
                type: "announceFailure",
                params: ({ context }) => ({ message: context.error ?? ACTION_FAILED }),
              },
            ],
          },
        ],
      },
    },
    // A decision's answer is the decided record, so only a request for information leaves one to decide.
    done: { on: { ...canDecide, ...live } },
    conflict: {
      initial: "reloading",
      states: {
        reloading: {
          invoke: {
            id: "reloadRecord",
            src: "loadRecord",
            input: ({ context }) => context.target,
            onDone: { target: "shown", actions: assign({ record: ({ event }) => event.output }) },
            // The message still stands; the stale record is better than none.
            onError: "shown",
          },
        },
        shown: { on: { ...canDecide, ...live } },
      },
    },
    failed: { on: { ...canDecide, ...live } },
  },
})
