import { assign, fromPromise, setup } from "xstate"
import { categoryMay } from "../../schema/auth/permissions"

// The support panel: who may open it, whether it is open, which actor its log is filtered to, and the export of
// a trace. The panel's contents (actors, events) are read from the trace recorder, not kept here: an event per
// recorded event would make the panel record itself without end.

export type SupportEvent =
  /** Ctrl+Shift+S. */
  | { type: "support.toggle" }
  /** The user menu's 'Support panel'. */
  | { type: "support.open" }
  | { type: "support.close" }
  /** Show only the events to or from this actor (its sessionId); null shows all. */
  | { type: "support.filter"; actor: string | null }
  | { type: "support.export" }
  /** Who is signed in now (their user_category): the bus delivers it from 'user changed'. */
  | { type: "support.user"; category: string | null }

export interface SupportInput {
  /** The app was started with `?support` in its URL: anyone may open the panel. */
  readonly requested: boolean
}

export interface SupportContext {
  requested: boolean
  category: string | null
  filter: string | null
  exportError: string | null
}

export const EXPORT_FAILED = "The trace could not be exported."

/** Admins may always open the panel (the permission table says so); anyone else only with `?support`. */
export const mayOpenSupport = (ctx: Pick<SupportContext, "requested" | "category">): boolean =>
  ctx.requested || categoryMay(ctx.category, "support.open")

export const supportMachine = setup({
  types: {
    context: {} as SupportContext,
    events: {} as SupportEvent,
    input: {} as SupportInput,
  },
  actors: {
    exportTrace: fromPromise<void>(async () => {
      throw new Error("exportTrace is provided by src/effects/support/support.actors.ts")
    }),
  },
  guards: {
    allowed: ({ context }) => mayOpenSupport(context),
    losesAccess: ({ context, event }) =>
      event.type === "support.user" && !mayOpenSupport({ ...context, category: event.category }),
  },
  actions: {
    setCategory: assign({
      category: ({ context, event }) => (event.type === "support.user" ? event.category : context.category),
    }),
  },
}).createMachine({
  id: "support",
  context: ({ input }) => ({ requested: input.requested, category: null, filter: null, exportError: null }),
  initial: "closed",
  on: {
    "support.user": [
      { guard: "losesAccess", target: ".closed", actions: "setCategory" },
      { actions: "setCategory" },
    ],
  },
  states: {
    closed: {
      on: {
        "support.toggle": { guard: "allowed", target: "open" },
        "support.open": { guard: "allowed", target: "open" },
      },
    },
    open: {
      initial: "idle",
      on: {
        "support.toggle": "closed",
        "support.close": "closed",
        "support.filter": { actions: assign({ filter: ({ event }) => event.actor }) },
      },
      states: {
        idle: { on: { "support.export": "exporting" } },
        exporting: {
          invoke: {
            id: "exportTrace",
            src: "exportTrace",
            onDone: "idle",
            onError: { target: "failed", actions: assign({ exportError: EXPORT_FAILED }) },
          },
        },
        // The message stands while the panel shows the failure, not once it is closed or retried.
        failed: { exit: assign({ exportError: null }), on: { "support.export": "exporting" } },
      },
    },
  },
})
