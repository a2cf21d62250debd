import { assign, fromPromise, setup } from "xstate"
import type { ResetRequested } from "../../schema/accounts/password-reset"
import { failureText } from "../../schema/system/failure-text"

// "Forgot password?" on the public /forgot-password page: an email is sent, and the server's answer, the same
// whether or not the email has an account, is what the page says. Whether the server mails at all is the
// sign-in notice's to say (./sign-in-notice.machine.ts); a request made while mail is off gets the server's
// sentence, which says to ask an admin.

export type ForgotPasswordEvent =
  | { type: "forgotPassword.open" }
  | { type: "forgotPassword.submit"; email: string }
  | { type: "forgotPassword.again" }

export interface ForgotPasswordContext {
  email: string
  /** The server's sentence once the request went through. */
  sent: string | null
  error: string | null
}

export const RESET_REQUEST_FAILED = "The request could not be sent. Check your connection and try again."

const initial: ForgotPasswordContext = { email: "", sent: null, error: null }

export const forgotPasswordMachine = setup({
  types: { context: {} as ForgotPasswordContext, events: {} as ForgotPasswordEvent },
  actors: {
    requestReset: fromPromise<ResetRequested, { email: string }>(async () => {
      throw new Error("provided by src/effects/accounts/forgot-password.actors.ts")
    }),
  },
}).createMachine({
  id: "forgotPassword",
  context: initial,
  initial: "ready",
  // Each visit of the page starts over.
  on: { "forgotPassword.open": { target: ".ready", actions: assign(() => initial) } },
  states: {
    ready: {
      on: {
        "forgotPassword.submit": {
          target: "sending",
          actions: assign({ email: ({ event }) => event.email.trim(), error: null }),
        },
      },
    },
    sending: {
      invoke: {
        id: "requestReset",
        src: "requestReset",
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: "sent", actions: assign({ sent: ({ event }) => event.output.detail }) },
        // A limit reached, mail switched off meanwhile, a bad email: the server's sentence.
        onError: {
          target: "ready",
          actions: assign({ error: ({ event }) => failureText(event.error, RESET_REQUEST_FAILED) }),
        },
      },
    },
    sent: { on: { "forgotPassword.again": { target: "ready", actions: assign({ sent: null }) } } },
  },
})
