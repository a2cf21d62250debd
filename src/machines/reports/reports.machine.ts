import { assign, fromPromise, setup } from "xstate"
import type { ReportSummary } from "../../schema/reports/reports"
import { failureText } from "../../schema/system/failure-text"

// The /reports page's figures: loaded for a period (30 or 90 days), loaded again when a record is decided
// here or elsewhere (the bus's record facts), so the page follows new decisions live. The last figures stay
// on screen while new ones load; a refresh asked for during a load is one more load after it.

export const REPORTS_LOAD_FAILED = "The reports could not be loaded. Please try again."

export type ReportPeriod = "30" | "90"

export interface ReportsContext {
  readonly period: ReportPeriod
  readonly report: ReportSummary | null
  readonly error: string | null
  readonly again: boolean
}

export type ReportsEvent =
  | { type: "reports.period"; period: ReportPeriod }
  /** A record changed (bus: records.changed, records.remoteChanged, records.resync). */
  | { type: "reports.refresh" }
  | { type: "reports.retry" }

const loadReport = fromPromise<ReportSummary, ReportPeriod>(() =>
  Promise.reject(new Error("loadReport not provided")),
)

export const reportsMachine = setup({
  types: {
    context: {} as ReportsContext,
    events: {} as ReportsEvent,
    input: {} as { period: ReportPeriod },
  },
  actors: { loadReport },
  guards: { again: ({ context }) => context.again },
}).createMachine({
  id: "reports",
  context: ({ input }) => ({ period: input.period, report: null, error: null, again: false }),
  initial: "loading",
  states: {
    loading: {
      entry: assign({ again: false }),
      invoke: {
        id: "loadReport",
        src: "loadReport",
        input: ({ context }) => context.period,
        onDone: [
          { guard: "again", target: "loading", reenter: true },
          { target: "ready", actions: assign({ report: ({ event }) => event.output, error: null }) },
        ],
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => failureText(event.error, REPORTS_LOAD_FAILED) }),
        },
      },
      on: {
        "reports.refresh": { actions: assign({ again: true }) },
        "reports.period": {
          target: "loading",
          reenter: true,
          actions: assign({ period: ({ event }) => event.period }),
        },
      },
    },
    ready: {
      on: {
        "reports.refresh": "loading",
        "reports.period": { target: "loading", actions: assign({ period: ({ event }) => event.period }) },
      },
    },
    failed: {
      on: {
        "reports.retry": "loading",
        "reports.refresh": "loading",
        "reports.period": { target: "loading", actions: assign({ period: ({ event }) => event.period }) },
      },
    },
  },
})
