import { assign, emit, fromPromise, setup } from "xstate"
import type { ProfilePatch, User } from "../../schema/auth/auth"
import { failureText } from "../../schema/system/failure-text"
import type { ProfileFact } from "../system/facts"

export const UPDATE_FAILED = "Update failed"

export type ProfileEvent = { type: "profile.save"; patch: ProfilePatch } | { type: "profile.reset" }

export interface ProfileContext {
  error: string | null
}

/** Profile update failure: the server's detail or message field, otherwise 'Update failed'. */
export const profileErrorText = (error: unknown): string =>
  failureText(error, UPDATE_FAILED, { orServerMessage: true })

export const profileMachine = setup({
  types: { context: {} as ProfileContext, events: {} as ProfileEvent, emitted: {} as ProfileFact },
  actors: {
    updateProfile: fromPromise<User, ProfilePatch>(async () => {
      throw new Error("provided by src/effects/profile/profile.actors.ts")
    }),
  },
}).createMachine({
  id: "profile",
  context: { error: null },
  initial: "idle",
  on: { "profile.reset": { target: ".idle", actions: assign({ error: null }) } },
  states: {
    idle: { on: { "profile.save": "saving" } },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        id: "updateProfile",
        src: "updateProfile",
        input: ({ event }) => (event.type === "profile.save" ? event.patch : {}),
        onDone: {
          target: "saved",
          // Success merges the returned fields into the signed-in user (the auth actor subscribes).
          actions: emit(({ event }) => ({ type: "profile.saved", user: event.output })),
        },
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => profileErrorText(event.error) }),
        },
      },
    },
    saved: { on: { "profile.save": "saving" } },
    failed: { on: { "profile.save": "saving" } },
  },
})
