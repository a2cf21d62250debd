import { assign, enqueueActions, fromPromise, setup } from "xstate"
import type { AcceptInvitationBody, InvitationInfo, InvitationState } from "../../schema/accounts/invitation"
import type { LoginResponse } from "../../schema/auth/auth"
import { failureText } from "../../schema/system/failure-text"
import { tell } from "../system/registry"

// An invitation link opened on the public /invite/{token} page: first asked what the link is, so that an
// expired, revoked or used link gets its sentence instead of a form; then accepted with a name and a password,
// after which the session is the auth actor's, as if this tab had signed in.

export type InvitationEvent =
  | { type: "invitation.open"; token: string }
  | { type: "invitation.accept"; fullName: string; password: string }

export interface InvitationContext {
  token: string | null
  email: string | null
  /** What the server said of the link; null until it has answered. */
  linkState: InvitationState | null
  error: string | null
}

export const INVITATION_UNREACHABLE =
  "The invitation could not be checked. Check your connection and try again."
export const ACCEPT_FAILED = "The account could not be set up. Try again."

const initial: InvitationContext = { token: null, email: null, linkState: null, error: null }

export const invitationMachine = setup({
  types: { context: {} as InvitationContext, events: {} as InvitationEvent },
  actors: {
    checkInvitation: fromPromise<InvitationInfo, { token: string }>(async () => {
      throw new Error("provided by src/effects/accounts/invitation.actors.ts")
    }),
    acceptInvitation: fromPromise<LoginResponse, { token: string; body: AcceptInvitationBody }>(async () => {
      throw new Error("provided by src/effects/accounts/invitation.actors.ts")
    }),
  },
}).createMachine({
  id: "invitation",
  context: initial,
  initial: "idle",
  // Another link (or the same one again) starts over from the server's answer.
  on: {
    "invitation.open": {
      target: ".checking",
      actions: assign(({ event }) => ({ ...initial, token: event.token })),
    },
  },
  states: {
    idle: {},
    checking: {
      invoke: {
        id: "checkInvitation",
        src: "checkInvitation",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: [
          {
            guard: ({ event }) => event.output.state === "open",
            target: "ready",
            actions: assign({ linkState: "open", email: ({ event }) => event.output.email }),
          },
          { target: "closed", actions: assign({ linkState: ({ event }) => event.output.state }) },
        ],
        onError: { target: "unreachable", actions: assign({ error: INVITATION_UNREACHABLE }) },
      },
    },
    unreachable: {},
    closed: {},
    ready: { on: { "invitation.accept": "accepting" } },
    accepting: {
      entry: assign({ error: null }),
      invoke: {
        id: "acceptInvitation",
        src: "acceptInvitation",
        input: ({ context, event }) => ({
          token: context.token ?? "",
          body:
            event.type === "invitation.accept"
              ? { full_name: event.fullName, password: event.password }
              : { full_name: "", password: "" },
        }),
        onDone: {
          target: "accepted",
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
          actions: assign({ error: ({ event }) => failureText(event.error, ACCEPT_FAILED) }),
        },
      },
    },
    accepted: {},
  },
})
