import { assign, fromPromise, setup } from "xstate"
import type { SignInNotice } from "../../schema/accounts/sign-in-notice"

// What the sign-in pages say beside their forms: that the demo accounts exist, while they do; and whether the
// server mails (the forgot-password page offers its form only then). Asked once per visit of a page; a failure
// says nothing (the form matters more than the notice).

export type SignInNoticeEvent = { type: "signInNotice.load" }

export interface SignInNoticeContext {
  demoAccounts: boolean
  /** Whether the server mails; null until it has said (or when it could not be asked). */
  mail: boolean | null
}

export const signInNoticeMachine = setup({
  types: { context: {} as SignInNoticeContext, events: {} as SignInNoticeEvent },
  actors: {
    loadNotice: fromPromise<SignInNotice>(async () => {
      throw new Error("provided by src/effects/accounts/sign-in-notice.actors.ts")
    }),
  },
}).createMachine({
  id: "signInNotice",
  context: { demoAccounts: false, mail: null },
  initial: "idle",
  states: {
    idle: { on: { "signInNotice.load": "loading" } },
    loading: {
      invoke: {
        id: "loadNotice",
        src: "loadNotice",
        onDone: {
          target: "loaded",
          actions: assign({
            demoAccounts: ({ event }) => event.output.demo_accounts,
            mail: ({ event }) => event.output.mail,
          }),
        },
        onError: "failed",
      },
    },
    // Asked again on the next visit: an admin may have removed the demo accounts meanwhile.
    loaded: { on: { "signInNotice.load": "loading" } },
    failed: { on: { "signInNotice.load": "loading" } },
  },
})
