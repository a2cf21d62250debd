import { assign, enqueueActions, fromPromise, setup } from "xstate"
import type { ResetLinkInfo, ResetLinkState, ResetPasswordBody } from "../../schema/accounts/password-reset"
import type { LoginResponse } from "../../schema/auth/auth"
import { failureText } from "../../schema/system/failure-text"
import { tell } from "../system/registry"

// A password-reset link opened on the public /reset-password/{token} page: first asked what the link is, so
// that an expired, used, replaced or unknown link gets its sentence instead of a form; then a new password is
// chosen, every session of the account ends, and this tab's session is the auth actor's, as after a sign-in.

export type PasswordResetEvent =
  | { type: "passwordReset.open"; token: string }
  | { type: "passwordReset.submit"; password: string }

export interface PasswordResetContext {
  token: string | null
  email: string | null
  /** What the server said of the link; null until it has answered. */
  linkState: ResetLinkState | null
  error: string | null
}

export const RESET_LINK_UNREACHABLE = "The link could not be checked. Check your connection and try again."
export const RESET_FAILED = "The new password could not be saved. Try again."

const initial: PasswordResetContext = { token: null, email: null, linkState: null, error: null }

export const passwordResetMachine = setup({
  types: { context: {} as PasswordResetContext, events: {} as PasswordResetEvent },
  actors: {
    checkLink: fromPromise<ResetLinkInfo, { token: string }>(async () => {
      throw new Error("provided by src/effects/accounts/password-reset.actors.ts")
    }),
    resetPassword: fromPromise<LoginResponse, { token: string; body: ResetPasswordBody }>(async () => {
      throw new Error("provided by src/effects/accounts/password-reset.actors.ts")
    }),
  },
}).createMachine({
  id: "passwordReset",
  context: initial,
  initial: "idle",
  on: {
    "passwordReset.open": {
      target: ".checking",
      actions: assign(({ event }) => ({ ...initial, token: event.token })),
    },
  },
  states: {
    idle: {},
    checking: {
      invoke: {
        id: "checkLink",
        src: "checkLink",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: [
          {
            guard: ({ event }) => event.output.state === "open",
            target: "ready",
            actions: assign({ linkState: "open", email: ({ event }) => event.output.email }),
          },
          { target: "closed", actions: assign({ linkState: ({ event }) => event.output.state }) },
        ],
        onError: { target: "unreachable", actions: assign({ error: RESET_LINK_UNREACHABLE }) },
      },
    },
    unreachable: {},
    closed: {},
    ready: { on: { "passwordReset.submit": "resetting" } },
    resetting: {
      entry: assign({ error: null }),
      invoke: {
        id: "resetPassword",
        src: "resetPassword",
        input: ({ context, event }) => ({
          token: context.token ?? "",
          body: { password: event.type === "passwordReset.submit" ? event.password : "" },
        }),
        onDone: {
          target: "done",
          // The auth actor takes the session this answer began, as it takes one another tab began.
          actions: enqueueActions(({ event, system }) => {
            tell(system, "auth", {
              type: "auth.adoptSession",
              token: event.output.access,
              userId: event.output.user.id,
            })
          }),
        },
        // A rule the password broke, or a link that stopped working meanwhile: the server's sentence.
        onError: {
          target: "ready",
          actions: assign({ error: ({ event }) => failureText(event.error, RESET_FAILED) }),
        },
      },
    },
    done: {},
  },
})
