import { describe, expect, it } from "vitest"
import { createActor, createMachine, fromPromise, waitFor } from "xstate"
import { getSimplePaths } from "xstate/graph"
import {
  ACCEPT_FAILED,
  INVITATION_UNREACHABLE,
  invitationMachine,
} from "../../../src/machines/accounts/invitation.machine"
import type { InvitationInfo } from "../../../src/schema/accounts/invitation"
import { describeEvent, getEdgePaths, pathEvents, pending, replay } from "../walk"

const machine = invitationMachine.provide({
  actors: { checkInvitation: pending(), acceptInvitation: pending() },
})
const user = {
  id: 7,
  email: "new@firm.example",
  full_name: "Nia New",
  user_category: "support",
  initials: "NN",
}
const events = pathEvents(machine, [
  { type: "invitation.open", token: "t" },
  { type: "invitation.accept", fullName: "Nia New", password: "tangerine orbit lantern" },
  { type: "xstate.done.actor.checkInvitation", output: { state: "open", email: "new@firm.example" } },
  { type: "xstate.done.actor.checkInvitation", output: { state: "expired", email: null } },
  { type: "xstate.error.actor.checkInvitation", error: new Error("offline") },
  { type: "xstate.done.actor.acceptInvitation", output: { access: "a", user } },
  { type: "xstate.error.actor.acceptInvitation", error: { detail: "Password: use at least 12 characters." } },
])

describe("invitation machine paths", () => {
  const paths = getSimplePaths(machine, { events })
  it("reaches every state", () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(["idle", "checking", "unreachable", "closed", "ready", "accepting", "accepted"]),
    )
  })
  const walk = (path: (typeof paths)[number]) => {
    const actor = replay(machine, path.steps)
    const { value, context } = actor.getSnapshot()
    expect(value).toEqual(path.state.value)
    if (value === "unreachable") expect(context.error).toBe(INVITATION_UNREACHABLE)
    if (value === "closed") expect(context.linkState).toBe("expired")
    if (value === "ready" || value === "accepting") expect(context.email).toBe("new@firm.example")
    const last = String(path.steps.at(-1)?.event.type)
    if (value === "ready" && last === "xstate.error.actor.acceptInvitation")
      expect(context.error).toBe("Password: use at least 12 characters.")
    actor.stop()
  }
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))
  it("takes every event from every state it reaches", () => {
    for (const path of getEdgePaths(machine, { events })) walk(path)
  })

  it("hands the session to the auth actor once accepted, and says a generic failure in words", async () => {
    const received: unknown[] = []
    const auth = createMachine({ on: { "*": { actions: ({ event }) => void received.push(event) } } })
    const root = createMachine({
      invoke: [
        { src: "auth", systemId: "auth" },
        { src: "invitation", systemId: "invitation", id: "invitation" },
      ],
    })
    let fail = true
    const provided = invitationMachine.provide({
      actors: {
        checkInvitation: fromPromise<InvitationInfo, { token: string }>(async () => ({
          state: "open",
          email: "new@firm.example",
        })),
        acceptInvitation: fromPromise(async () => {
          if (fail) throw new Error("boom")
          return { access: "a", user }
        }),
      },
    })
    const actor = createActor(root.provide({ actors: { auth, invitation: provided } })).start()
    const invitation = actor.system.get("invitation")
    invitation.send({ type: "invitation.open", token: "t" })
    await waitFor(invitation, (s) => s.value === "ready")
    invitation.send({ type: "invitation.accept", fullName: "Nia", password: "x" })
    const refused = await waitFor(invitation, (s) => s.value === "ready" && s.context.error !== null)
    expect(refused.context.error).toBe(ACCEPT_FAILED)
    fail = false
    invitation.send({ type: "invitation.accept", fullName: "Nia", password: "x" })
    await waitFor(invitation, (s) => s.value === "accepted")
    expect(received).toContainEqual({ type: "auth.adoptSession", token: "a", userId: 7 })
    actor.stop()
  })
})
