import { assign, fromPromise, setup } from "xstate"
import type {
  AccountHistory,
  MailOutcome,
  StaffCategory,
  StaffMember,
  StaffQuery,
} from "../../schema/accounts/staff"
import { failureText } from "../../schema/system/failure-text"

// The staff page: the team's accounts, searched and filtered, and the changes an admin makes to them. Every
// change is one call, then the list is read again, so that what is shown is what the server holds; a change
// that another admin's made stale comes back as the server's sentence (its 409 names that change). An open
// history is read again with the list, so that it follows changes made here and elsewhere.

/** One change an admin makes; each carries the version of the account it was based on. */
export type StaffAction =
  | { readonly kind: "invite"; readonly email: string; readonly category: StaffCategory }
  | { readonly kind: "resend"; readonly id: number; readonly version: number }
  | { readonly kind: "revoke"; readonly id: number; readonly version: number }
  | {
      readonly kind: "category"
      readonly id: number
      readonly version: number
      readonly category: StaffCategory
    }
  | { readonly kind: "deactivate"; readonly id: number; readonly version: number }
  | { readonly kind: "reactivate"; readonly id: number; readonly version: number }
  /** A password-reset link to hand to the account's owner. */
  | { readonly kind: "reset"; readonly id: number }
  /** Their authenticator app, recovery codes and passkeys removed (a lost phone), with why. */
  | { readonly kind: "resetSecondFactor"; readonly id: number; readonly reason: string }

/** What a change answers that the page shows: a link to copy, until when it works, and whether it was mailed. */
export interface StaffActionResult {
  readonly link: string | null
  readonly expiresAt: string | null
  readonly mail: MailOutcome | null
}

/** A link the page shows to copy: an invitation or a password reset, for whom, until when. */
export interface IssuedLinkView {
  readonly kind: "invitation" | "reset"
  readonly url: string
  readonly expiresAt: string
  readonly mail: MailOutcome | null
}

export type StaffEvent =
  | { type: "staff.search"; query: StaffQuery }
  | { type: "staff.act"; action: StaffAction }
  | { type: "staff.reload" }
  /** Another admin changed an account (heard live): read the list again. */
  | { type: "staff.changedElsewhere" }
  | { type: "staff.dismiss" }
  | { type: "staff.history"; id: number }
  | { type: "staff.closeHistory" }

export interface StaffHistoryView {
  readonly id: number
  readonly events: AccountHistory["results"]
}

export interface StaffContext {
  query: StaffQuery
  members: readonly StaffMember[]
  error: string | null
  /** The last link issued here, until dismissed. */
  issued: IssuedLinkView | null
  /** The change being made. */
  pending: StaffAction | null
  /** The account whose history is open, and its events once read. */
  historyFor: number | null
  history: StaffHistoryView | null
}

export const STAFF_LOAD_FAILED = "The staff list could not be loaded."
export const STAFF_ACTION_FAILED = "The change could not be made."
export const STAFF_HISTORY_FAILED = "The account's history could not be loaded."

const issuedOf = (action: StaffAction | null, result: StaffActionResult): IssuedLinkView | null =>
  result.link === null || result.expiresAt === null
    ? null
    : {
        kind: action?.kind === "reset" ? "reset" : "invitation",
        url: result.link,
        expiresAt: result.expiresAt,
        mail: result.mail,
      }

export const staffMachine = setup({
  types: {
    context: {} as StaffContext,
    events: {} as StaffEvent,
    input: {} as { query?: StaffQuery } | undefined,
  },
  actors: {
    loadStaff: fromPromise<readonly StaffMember[], StaffQuery>(async () => {
      throw new Error("provided by src/effects/accounts/staff.actors.ts")
    }),
    actOnStaff: fromPromise<StaffActionResult, StaffAction | null>(async () => {
      throw new Error("provided by src/effects/accounts/staff.actors.ts")
    }),
    loadHistory: fromPromise<AccountHistory["results"], number>(async () => {
      throw new Error("provided by src/effects/accounts/staff.actors.ts")
    }),
  },
  actions: {
    setQuery: assign({ query: ({ event }) => (event.type === "staff.search" ? event.query : {}) }),
    // A change's refusal stays to be read; a failed load is over once the list has come.
    takeList: assign(({ context }, params: { members: readonly StaffMember[] }) => ({
      members: params.members,
      error: context.error === STAFF_LOAD_FAILED ? null : context.error,
    })),
    openHistory: assign({ historyFor: ({ event }) => (event.type === "staff.history" ? event.id : null) }),
  },
  guards: {
    historyOpen: ({ context }) => context.historyFor !== null,
  },
}).createMachine({
  id: "staff",
  context: ({ input }) => ({
    query: input?.query ?? {},
    members: [],
    error: null,
    issued: null,
    pending: null,
    historyFor: null,
    history: null,
  }),
  initial: "loading",
  states: {
    // A search while a change is being made waits for it: the change's answer must not be lost.
    loading: {
      on: {
        "staff.search": { target: "loading", reenter: true, actions: "setQuery" },
        // Heard while reading: the answer may predate the change, so read again.
        "staff.changedElsewhere": { target: "loading", reenter: true },
      },
      invoke: {
        id: "loadStaff",
        src: "loadStaff",
        input: ({ context }) => context.query,
        // An open history is read again after the list: the change that reloaded the list may be in it.
        onDone: [
          {
            guard: "historyOpen",
            target: "history",
            actions: { type: "takeList", params: ({ event }) => ({ members: event.output }) },
          },
          {
            target: "ready",
            actions: { type: "takeList", params: ({ event }) => ({ members: event.output }) },
          },
        ],
        onError: { target: "failed", actions: assign({ error: STAFF_LOAD_FAILED }) },
      },
    },
    ready: {
      on: {
        "staff.search": { target: "loading", actions: "setQuery" },
        "staff.dismiss": { actions: assign({ issued: null, error: null }) },
        "staff.act": { target: "acting", actions: assign({ pending: ({ event }) => event.action }) },
        "staff.reload": "loading",
        "staff.changedElsewhere": "loading",
        "staff.history": { target: "history", actions: "openHistory" },
        "staff.closeHistory": { actions: assign({ historyFor: null, history: null }) },
      },
    },
    history: {
      on: {
        "staff.changedElsewhere": "loading",
        "staff.closeHistory": { target: "ready", actions: assign({ historyFor: null, history: null }) },
        "staff.history": { target: "history", reenter: true, actions: "openHistory" },
      },
      invoke: {
        id: "loadHistory",
        src: "loadHistory",
        input: ({ context }) => context.historyFor ?? 0,
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            history: { id: context.historyFor ?? 0, events: event.output },
          })),
        },
        onError: {
          target: "ready",
          actions: assign({ error: STAFF_HISTORY_FAILED, historyFor: null, history: null }),
        },
      },
    },
    acting: {
      entry: assign({ error: null }),
      invoke: {
        id: "actOnStaff",
        src: "actOnStaff",
        input: ({ context }) => context.pending,
        onDone: {
          target: "loading",
          actions: assign(({ context, event }) => ({
            issued: issuedOf(context.pending, event.output) ?? context.issued,
            pending: null,
          })),
        },
        // Read again either way: a 409 means the list is stale.
        onError: {
          target: "loading",
          actions: assign({
            error: ({ event }) => failureText(event.error, STAFF_ACTION_FAILED),
            pending: null,
          }),
        },
      },
    },
    failed: {
      on: {
        "staff.search": { target: "loading", actions: "setQuery" },
        "staff.reload": "loading",
        "staff.changedElsewhere": "loading",
      },
    },
  },
})
