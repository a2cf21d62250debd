import { describe, expect, it } from "vitest"
import { createActor, type EventObject, fromCallback, fromPromise, setup, waitFor } from "xstate"
import { profileErrorText, profileMachine, UPDATE_FAILED } from "../../src/machines/profile/profile.machine"
import { busMachine } from "../../src/machines/system/bus.machine"
// The profile page runs with the rest of the session, whose code brings the bus its rows for the page's facts.
import "../../src/machines/system/rest-subscriptions"
import { lookup } from "../../src/machines/system/registry"
import type { ProfilePatch, User } from "../../src/schema/auth/auth"
import { Failure } from "../../src/schema/system/failure"
import { demoUser } from "./fake-auth-server"

// Profile editing ('update user' merges the saved fields; a failure shows the server's words): the real machine
// and the real bus beside a recorder standing in for auth.

function editor(answer: (patch: ProfilePatch) => Promise<User>) {
  const toldAuth: EventObject[] = []
  const root = setup({
    actors: {
      bus: busMachine,
      profile: profileMachine.provide({
        actors: { updateProfile: fromPromise(({ input }) => answer(input)) },
      }),
      auth: fromCallback<EventObject>(({ receive }) => receive((event) => toldAuth.push(event))),
    },
  }).createMachine({
    invoke: [
      { src: "bus", systemId: "bus" },
      { src: "profile", systemId: "profile" },
      { src: "auth", systemId: "auth" },
    ],
  })
  const actor = createActor(root).start()
  const profile = lookup(actor.system, "profile")
  if (!profile) throw new Error("the profile actor did not start")
  return { profile, toldAuth }
}

const apiError = (fields: { detail?: string; serverMessage?: string }) =>
  new Failure({
    kind: "http",
    status: 400,
    detail: fields.detail ?? null,
    serverMessage: fields.serverMessage ?? null,
    message: "PATCH answered 400",
  })

describe("profile editing", () => {
  it("saving sends the patch; success tells auth to merge the returned user", async () => {
    const sent: ProfilePatch[] = []
    const { profile, toldAuth } = editor(async (patch) => {
      sent.push(patch)
      return { ...demoUser, full_name: "New Name" }
    })
    profile.send({ type: "profile.save", patch: { full_name: "New Name" } })
    expect(profile.getSnapshot().value).toBe("saving")
    await waitFor(profile, (s) => s.matches("saved"))
    expect(sent).toEqual([{ full_name: "New Name" }])
    expect(toldAuth).toEqual([{ type: "auth.updateUser", patch: { ...demoUser, full_name: "New Name" } }])
  })

  it("failure shows the server's detail, then its message, otherwise 'Update failed'; nothing reaches auth", async () => {
    for (const [error, shown] of [
      [apiError({ detail: "That email is taken." }), "That email is taken."],
      [apiError({ serverMessage: "Full name must not be empty" }), "Full name must not be empty"],
      [
        new Failure({
          kind: "network",
          status: 0,
          detail: null,
          serverMessage: null,
          message: "Failed to fetch",
        }),
        "Update failed",
      ],
    ] as const) {
      const { profile, toldAuth } = editor(() => Promise.reject(error))
      profile.send({ type: "profile.save", patch: { email: "x@y.co" } })
      await waitFor(profile, (s) => s.matches("failed"))
      expect(profile.getSnapshot().context.error).toBe(shown)
      expect(toldAuth).toEqual([])
    }
    expect(UPDATE_FAILED).toBe("Update failed")
  })

  it("the client's own error text is never shown as the server's message", () => {
    expect(profileErrorText(new Error("PATCH /api/company/user/ answered 500"))).toBe(UPDATE_FAILED)
  })

  it("a new save clears the previous error; reset returns to idle", async () => {
    let fail = true
    const { profile } = editor(async () => {
      if (fail) throw apiError({ detail: "No." })
      return demoUser
    })
    profile.send({ type: "profile.save", patch: {} })
    await waitFor(profile, (s) => s.matches("failed"))
    fail = false
    profile.send({ type: "profile.save", patch: {} })
    expect(profile.getSnapshot().context.error).toBeNull()
    await waitFor(profile, (s) => s.matches("saved"))
    profile.send({ type: "profile.reset" })
    expect(profile.getSnapshot()).toMatchObject({ value: "idle", context: { error: null } })
  })
})
