import { assign, fromPromise, setup } from "xstate"
import type { ResetRequested } from "../../schema/accounts/password-reset"
import type { SignInNotice } from "../../schema/accounts/sign-in-notice"
import { failureText } from "../../schema/system/failure-text"

// "Forgot password?" on the public /forgot-password page: first asked whether the server mails (without mail,
// the page says to ask an admin for a reset link instead of showing a form); then an email is sent, and the
// server's answer, the same whether or not the email has an account, is what the page says.

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
    checkMail: fromPromise<SignInNotice>(async () => {
      throw new Error("provided by src/effects/accounts/forgot-password.actors.ts")
    }),
    requestReset: fromPromise<ResetRequested, { email: string }>(async () => {
      throw new Error("provided by src/effects/accounts/forgot-password.actors.ts")
    }),
  },
}).createMachine({
  id: "forgotPassword",
  context: initial,
  initial: "idle",
  // Each visit of the page asks again: an operator may have set SMTP_URL meanwhile.
  on: { "forgotPassword.open": { target: ".checking", actions: assign(() => initial) } },
  states: {
    idle: {},
    checking: {
      invoke: {
        id: "checkMail",
        src: "checkMail",
        onDone: [{ guard: ({ event }) => event.output.mail, target: "ready" }, { target: "mailOff" }],
        // Not known: the form is shown, and the request's own answer says whether mail is off.
        onError: "ready",
      },
    },
    mailOff: {},
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
