import { assign, enqueueActions, fromPromise, setup } from "xstate"
import type { AcceptInvitationBody, InvitationState } from "../../schema/accounts/invitation"
import type { ResetPasswordBody } from "../../schema/accounts/password-reset"
import type { LoginResponse } from "../../schema/auth/auth"
import { failureText } from "../../schema/system/failure-text"
import { tell } from "../system/registry"

// A link a person opens on a public page with its token: an invitation (/invite/{token}) or a password reset
// (/reset-password/{token}). First the server says what the link is, so that an expired, revoked, used or
// unknown link gets its sentence instead of a form; then the form is sent, and the session its answer begins
// is the auth actor's, as if this tab had signed in. One machine for both: they differ in their words and in
// what the form sends.

/** What the server says of a link: the same five answers for both kinds. */
export type LinkState = InvitationState

export interface LinkInfo {
  readonly state: LinkState
  /** Only while the link is open. */
  readonly email: string | null
}

export type LinkFormEvent<Body> = { type: "link.open"; token: string } | { type: "link.submit"; body: Body }

export interface LinkFormContext {
  token: string | null
  email: string | null
  /** What the server said of the link; null until it has answered. */
  linkState: LinkState | null
  error: string | null
}

interface LinkFormWords<Body> {
  readonly id: string
  /** Said when the link could not be checked. */
  readonly unreachable: string
  /** Said when the form failed without a sentence of the server's. */
  readonly failed: string
  /** What an actor's input holds if it were ever started by another event (it is not). */
  readonly blank: Body
}

const initial: LinkFormContext = { token: null, email: null, linkState: null, error: null }

function linkFormMachine<Body>(words: LinkFormWords<Body>) {
  return setup({
    types: { context: {} as LinkFormContext, events: {} as LinkFormEvent<Body> },
    actors: {
      checkLink: fromPromise<LinkInfo, { token: string }>(async () => {
        throw new Error("provided by src/effects/accounts/link-form.actors.ts")
      }),
      submit: fromPromise<LoginResponse, { token: string; body: Body }>(async () => {
        throw new Error("provided by src/effects/accounts/link-form.actors.ts")
      }),
    },
  }).createMachine({
    id: words.id,
    context: initial,
    initial: "idle",
    // Another link (or the same one again) starts over from the server's answer.
    on: {
      "link.open": {
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
          onError: { target: "unreachable", actions: assign({ error: words.unreachable }) },
        },
      },
      unreachable: {},
      closed: {},
      ready: { on: { "link.submit": "submitting" } },
      submitting: {
        entry: assign({ error: null }),
        invoke: {
          id: "submit",
          src: "submit",
          input: ({ context, event }) => ({
            token: context.token ?? "",
            body: event.type === "link.submit" ? event.body : words.blank,
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
            actions: assign({ error: ({ event }) => failureText(event.error, words.failed) }),
          },
        },
      },
      done: {},
    },
  })
}

export const INVITATION_UNREACHABLE =
  "The invitation could not be checked. Check your connection and try again."
export const ACCEPT_FAILED = "The account could not be set up. Try again."
export const RESET_LINK_UNREACHABLE = "The link could not be checked. Check your connection and try again."
export const RESET_FAILED = "The new password could not be saved. Try again."

export const invitationMachine = linkFormMachine<AcceptInvitationBody>({
  id: "invitation",
  unreachable: INVITATION_UNREACHABLE,
  failed: ACCEPT_FAILED,
  blank: { full_name: "", password: "" },
})

export const passwordResetMachine = linkFormMachine<ResetPasswordBody>({
  id: "passwordReset",
  unreachable: RESET_LINK_UNREACHABLE,
  failed: RESET_FAILED,
  blank: { password: "" },
})
