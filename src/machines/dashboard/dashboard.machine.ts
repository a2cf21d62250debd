import { assign, fromPromise, setup } from "xstate"
import { SUMMARY_FRESH_MS } from "../../constants"
import type { DashboardSummary } from "../../schema/dashboard/dashboard"
import { failureText } from "../../schema/system/failure-text"

// The dashboard summary, long-lived under the root so that the dashboard page and the sidebar's pending
// counts read one copy. Views say when they appear ('show'), which loads the summary unless it has just
// arrived; a decided record or a new session asks for a refresh, which always loads. The last good summary
// stays while it reloads.

export const SUMMARY_LOAD_FAILED = "The summary could not be loaded. Please try again."

export interface DashboardContext {
  readonly summary: DashboardSummary | null
  readonly error: string | null
  /** Asked to refresh while a load was under way: one more load follows it (a burst costs two, not one each). */
  readonly again: boolean
}

export type DashboardEvent =
  | { type: "dashboard.refresh" }
  /** A view showing the summary appeared: a summary loaded within SUMMARY_FRESH_MS is shown as it is. */
  | { type: "dashboard.show" }
  /** The user's unread count changed (bus: notifications.unreadChanged): the summary's copy follows it. */
  | { type: "dashboard.unread"; unread: number }
  /** The connection is back (bus: socket.connected): a summary that failed to load loads again. */
  | { type: "dashboard.retry" }
  /** Signed out (bus: session.signedOut): the summary was that user's; nothing of it stays. */
  | { type: "dashboard.clear" }

const loadSummary = fromPromise<DashboardSummary>(() => Promise.reject(new Error("loadSummary not provided")))

export const dashboardMachine = setup({
  types: { context: {} as DashboardContext, events: {} as DashboardEvent },
  actors: { loadSummary },
  delays: { freshFor: SUMMARY_FRESH_MS },
}).createMachine({
  id: "dashboard",
  context: { summary: null, error: null, again: false },
  initial: "idle",
  on: {
    "dashboard.clear": { target: ".idle", actions: assign({ summary: null, error: null, again: false }) },
    "dashboard.unread": {
      guard: ({ context }) => context.summary !== null,
      actions: assign({
        summary: ({ context, event }) =>
          context.summary ? { ...context.summary, unread_notifications: event.unread } : null,
      }),
    },
  },
  states: {
    idle: { on: { "dashboard.refresh": "loading", "dashboard.show": "loading" } },
    loading: {
      on: { "dashboard.refresh": { actions: assign({ again: true }) } },
      invoke: {
        id: "loadSummary",
        src: "loadSummary",
        onDone: [
          {
            guard: ({ context }) => context.again,
            target: "loading",
            reenter: true,
            actions: assign({ summary: ({ event }) => event.output, error: null, again: false }),
          },
          { target: "ready", actions: assign({ summary: ({ event }) => event.output, error: null }) },
        ],
        onError: {
          target: "failed",
          actions: assign({
            error: ({ event }) => failureText(event.error, SUMMARY_LOAD_FAILED),
            again: false,
          }),
        },
      },
    },
    ready: {
      on: { "dashboard.refresh": "loading" },
      initial: "fresh",
      states: {
        fresh: { after: { freshFor: "stale" } },
        stale: { on: { "dashboard.show": "#dashboard.loading" } },
      },
    },
    failed: {
      on: { "dashboard.refresh": "loading", "dashboard.show": "loading", "dashboard.retry": "loading" },
    },
  },
})
