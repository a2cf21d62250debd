import { assign, fromPromise, setup } from "xstate"
import type { StaffCategory, StaffMember, StaffQuery } from "../../schema/accounts/staff"
import { failureText } from "../../schema/system/failure-text"

// The staff page: the team's accounts, searched and filtered, and the changes an admin makes to them. Every
// change is one call, then the list is read again, so that what is shown is what the server holds; a change
// that another admin's made stale comes back as the server's sentence (its 409 names that change).

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

/** What a change answers that the page shows: a link to copy, and whether it went by email. */
export interface StaffActionResult {
  readonly link: string | null
  readonly mail: "sent" | "off" | "failed" | null
}

export type StaffEvent =
  | { type: "staff.search"; query: StaffQuery }
  | { type: "staff.act"; action: StaffAction }
  | { type: "staff.reload" }
  /** Another admin changed an account (heard live): read the list again. */
  | { type: "staff.changedElsewhere" }
  | { type: "staff.dismiss" }

export interface StaffContext {
  query: StaffQuery
  members: readonly StaffMember[]
  error: string | null
  /** The last invitation link issued here, until dismissed. */
  link: string | null
  mail: StaffActionResult["mail"]
  /** The change being made. */
  pending: StaffAction | null
}

export const STAFF_LOAD_FAILED = "The staff list could not be loaded."
export const STAFF_ACTION_FAILED = "The change could not be made."

export const staffMachine = setup({
  types: {
    context: {} as StaffContext,
    events: {} as StaffEvent,
    input: {} as { query?: StaffQuery } | undefined,
  },
  actors: {
    loadStaff: fromPromise<readonly StaffMember[], StaffQuery>(async () => {
      throw new Error("provided by src/effects/accounts/staff-actors.ts")
    }),
    actOnStaff: fromPromise<StaffActionResult, StaffAction | null>(async () => {
      throw new Error("provided by src/effects/accounts/staff-actors.ts")
    }),
  },
  actions: {
    setQuery: assign({ query: ({ event }) => (event.type === "staff.search" ? event.query : {}) }),
  },
}).createMachine({
  id: "staff",
  context: ({ input }) => ({
    query: input?.query ?? {},
    members: [],
    error: null,
    link: null,
    mail: null,
    pending: null,
  }),
  initial: "loading",
  states: {
    // A search while a change is being made waits for it: the change's answer must not be lost.
    loading: {
      on: { "staff.search": { target: "loading", reenter: true, actions: "setQuery" } },
      invoke: {
        id: "loadStaff",
        src: "loadStaff",
        input: ({ context }) => context.query,
        onDone: {
          target: "ready",
          // A change's refusal stays to be read; a failed load is over once the list has come.
          actions: assign(({ context, event }) => ({
            members: event.output,
            error: context.error === STAFF_LOAD_FAILED ? null : context.error,
          })),
        },
        onError: { target: "failed", actions: assign({ error: STAFF_LOAD_FAILED }) },
      },
    },
    ready: {
      on: {
        "staff.search": { target: "loading", actions: "setQuery" },
        "staff.dismiss": { actions: assign({ link: null, mail: null, error: null }) },
        "staff.act": { target: "acting", actions: assign({ pending: ({ event }) => event.action }) },
        "staff.reload": "loading",
        "staff.changedElsewhere": "loading",
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
            link: event.output.link ?? context.link,
            mail: event.output.mail ?? context.mail,
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
