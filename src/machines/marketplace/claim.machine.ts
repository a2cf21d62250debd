import { assign, emit, fromPromise, setup } from "xstate"
import type { Assignee } from "../../schema/marketplace/marketplace"
import { failureText } from "../../schema/system/failure-text"
import type { ClaimFact } from "../system/facts"
import { otherHolder } from "./claims"
import type { RecordDetail, RecordRef } from "./marketplace-types"

// A detail page's claim buttons (docs/behaviour.md#claims): "Assign to me" and "Unassign". Taking or releasing
// someone else's claim asks first, naming them; one's own, or a record nobody holds, goes straight to the
// server. The record after the change is published as a fact, so the page and the open lists show it.

export const CLAIM_FAILED = "The assignment could not be saved. Please try again."

export type ClaimChange = "assign" | "unassign"

export interface ClaimContext {
  readonly target: RecordRef
  readonly change: ClaimChange | null
  /** Whose claim the confirmation names. */
  readonly holder: string | null
  readonly error: string | null
}

/** The view says who holds the record now and who the user is; the machine decides whether to ask. */
interface Holding {
  readonly assignee: Assignee | null
  readonly userId: number | null
}

export type ClaimEvent =
  | ({ type: "claim.assign" } & Holding)
  | ({ type: "claim.unassign" } & Holding)
  | { type: "claim.confirm" }
  | { type: "claim.cancel" }

export interface SaveClaimInput {
  readonly target: RecordRef
  readonly change: ClaimChange
}

const saveClaim = fromPromise<RecordDetail, SaveClaimInput>(() =>
  Promise.reject(new Error("saveClaim not provided")),
)

const holderOf = (event: ClaimEvent): string | null =>
  event.type === "claim.assign" || event.type === "claim.unassign"
    ? otherHolder(event.assignee, event.userId)
    : null

export const claimMachine = setup({
  types: {
    context: {} as ClaimContext,
    input: {} as RecordRef,
    events: {} as ClaimEvent,
    emitted: {} as ClaimFact,
  },
  actors: { saveClaim },
  guards: {
    heldByOther: ({ event }) => holderOf(event) !== null,
  },
  actions: {
    // The real one is a toast, provided from src/effects.
    announceFailure: (_, _params: { message: string }) => {},
    takeChange: assign({
      change: ({ event }) => (event.type === "claim.unassign" ? "unassign" : "assign"),
      holder: ({ event }) => holderOf(event),
      error: null,
    }),
  },
}).createMachine({
  id: "claim",
  context: ({ input }) => ({ target: input, change: null, holder: null, error: null }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "claim.assign": [
          { guard: "heldByOther", target: "confirming", actions: "takeChange" },
          { target: "saving", actions: "takeChange" },
        ],
        "claim.unassign": [
          { guard: "heldByOther", target: "confirming", actions: "takeChange" },
          { target: "saving", actions: "takeChange" },
        ],
      },
    },
    confirming: {
      on: {
        "claim.confirm": "saving",
        "claim.cancel": { target: "idle", actions: assign({ change: null, holder: null }) },
      },
    },
    saving: {
      invoke: {
        id: "saveClaim",
        src: "saveClaim",
        input: ({ context }) => ({ target: context.target, change: context.change ?? "assign" }),
        onDone: {
          target: "idle",
          actions: [
            assign({ change: null, holder: null }),
            emit(({ context, event }) => ({
              type: "records.claimed",
              source: context.target.kind,
              uuid: context.target.uuid,
              assignee: event.output.assignee,
              record: event.output,
            })),
          ],
        },
        onError: {
          target: "idle",
          actions: [
            assign({
              change: null,
              holder: null,
              error: ({ event }) => failureText(event.error, CLAIM_FAILED),
            }),
            {
              type: "announceFailure",
              params: ({ context }) => ({ message: context.error ?? CLAIM_FAILED }),
            },
          ],
        },
      },
    },
  },
})
