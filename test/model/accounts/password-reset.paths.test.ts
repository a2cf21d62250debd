import { describe, expect, it } from "vitest"
import { createActor, createMachine, fromPromise, waitFor } from "xstate"
import { getSimplePaths } from "xstate/graph"
import {
  passwordResetMachine,
  RESET_FAILED,
  RESET_LINK_UNREACHABLE,
} from "../../../src/machines/accounts/password-reset.machine"
import type { ResetLinkInfo } from "../../../src/schema/accounts/password-reset"
import { describeEvent, getEdgePaths, pathEvents, pending, replay } from "../walk"

const machine = passwordResetMachine.provide({ actors: { checkLink: pending(), resetPassword: pending() } })
const user = {
  id: 4,
  email: "viewer@example.com",
  full_name: "Vera Viewer",
  user_category: "support",
  initials: "VV",
}
const events = pathEvents(machine, [
  { type: "passwordReset.open", token: "t" },
  { type: "passwordReset.submit", password: "quartz meadow ferry" },
  { type: "xstate.done.actor.checkLink", output: { state: "open", email: "viewer@example.com" } },
  { type: "xstate.done.actor.checkLink", output: { state: "used", email: null } },
  { type: "xstate.error.actor.checkLink", error: new Error("offline") },
  { type: "xstate.done.actor.resetPassword", output: { access: "a", user } },
  { type: "xstate.error.actor.resetPassword", error: { detail: "Password: use at least 12 characters." } },
])

describe("password-reset machine paths", () => {
  const paths = getSimplePaths(machine, { events })
  it("reaches every state", () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(["idle", "checking", "unreachable", "closed", "ready", "resetting", "done"]),
    )
  })
  const walk = (path: (typeof paths)[number]) => {
    const actor = replay(machine, path.steps)
    const { value, context } = actor.getSnapshot()
    expect(value).toEqual(path.state.value)
    if (value === "unreachable") expect(context.error).toBe(RESET_LINK_UNREACHABLE)
    if (value === "closed") expect(context.linkState).toBe("used")
    if (value === "ready" || value === "resetting") expect(context.email).toBe("viewer@example.com")
    if (value === "resetting") expect(context.error).toBeNull()
    const last = String(path.steps.at(-1)?.event.type)
    if (value === "ready" && last === "xstate.error.actor.resetPassword")
      expect(context.error).toBe("Password: use at least 12 characters.")
    if (value === "checking") expect(context).toMatchObject({ token: "t", email: null, linkState: null })
    actor.stop()
  }
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))
  it("takes every event from every state it reaches", () => {
    for (const path of getEdgePaths(machine, { events })) walk(path)
  })

  it("sends the password it was given, hands the session to the auth actor, says a generic failure in words", async () => {
    const received: unknown[] = []
    const sent: unknown[] = []
    const auth = createMachine({ on: { "*": { actions: ({ event }) => void received.push(event) } } })
    const root = createMachine({
      invoke: [
        { src: "auth", systemId: "auth" },
        { src: "passwordReset", systemId: "passwordReset", id: "passwordReset" },
      ],
    })
    let fail = true
    const provided = passwordResetMachine.provide({
      actors: {
        checkLink: fromPromise<ResetLinkInfo, { token: string }>(async () => ({
          state: "open",
          email: "viewer@example.com",
        })),
        resetPassword: fromPromise(async ({ input }) => {
          sent.push(input)
          if (fail) throw new Error("boom")
          return { access: "a", user }
        }),
      },
    })
    const actor = createActor(root.provide({ actors: { auth, passwordReset: provided } })).start()
    const reset = actor.system.get("passwordReset")
    reset.send({ type: "passwordReset.open", token: "tok" })
    await waitFor(reset, (s) => s.value === "ready")
    reset.send({ type: "passwordReset.submit", password: "quartz meadow ferry" })
    const refused = await waitFor(reset, (s) => s.value === "ready" && s.context.error !== null)
    expect(refused.context.error).toBe(RESET_FAILED)
    fail = false
    reset.send({ type: "passwordReset.submit", password: "quartz meadow ferry" })
    await waitFor(reset, (s) => s.value === "done")
    expect(sent).toEqual([
      { token: "tok", body: { password: "quartz meadow ferry" } },
      { token: "tok", body: { password: "quartz meadow ferry" } },
    ])
    expect(received).toContainEqual({ type: "auth.adoptSession", token: "a", userId: 4 })
    actor.stop()
  })
})
