import { describe, expect, it } from "vitest"
import { createActor, createMachine, fromPromise, waitFor } from "xstate"
import { getSimplePaths } from "xstate/graph"
import {
  ACCEPT_FAILED,
  INVITATION_UNREACHABLE,
  invitationMachine,
  type LinkInfo,
  passwordResetMachine,
  RESET_FAILED,
  RESET_LINK_UNREACHABLE,
} from "../../../src/machines/accounts/link-form.machine"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The two links a person opens with a token, each walked on its own machine: an invitation (a name and a
// password) and a password reset (a password).

const user = (id: number, email: string) => ({
  id,
  email,
  full_name: "Nia New",
  user_category: "support" as const,
  initials: "NN",
})

const kinds = [
  {
    name: "invitation",
    machine: invitationMachine,
    body: { full_name: "Nia New", password: "tangerine orbit lantern" },
    email: "new@firm.example",
    closedAs: "expired" as const,
    unreachable: INVITATION_UNREACHABLE,
    failed: ACCEPT_FAILED,
    userId: 7,
  },
  {
    name: "passwordReset",
    machine: passwordResetMachine,
    body: { password: "quartz meadow ferry" },
    email: "viewer@example.com",
    closedAs: "used" as const,
    unreachable: RESET_LINK_UNREACHABLE,
    failed: RESET_FAILED,
    userId: 4,
  },
]

for (const kind of kinds) {
  describe(`${kind.name} machine paths`, () => {
    // Each kind's machine is its own type; the walk reads what the two share.
    const machine = (kind.machine as typeof invitationMachine).provide({
      actors: { checkLink: pending(), submit: pending() },
    })
    const events = pathEvents(machine, [
      { type: "link.open", token: "t" },
      { type: "link.submit", body: { full_name: "Nia New", password: "x" } },
      { type: "xstate.done.actor.checkLink", output: { state: "open", email: kind.email } },
      { type: "xstate.done.actor.checkLink", output: { state: kind.closedAs, email: null } },
      { type: "xstate.error.actor.checkLink", error: new Error("offline") },
      { type: "xstate.done.actor.submit", output: { access: "a", user: user(kind.userId, kind.email) } },
      { type: "xstate.error.actor.submit", error: { detail: "Password: use at least 12 characters." } },
    ])
    const paths = getSimplePaths(machine, { events })
    it("reaches every state", () => {
      expect(new Set(paths.map((p) => p.state.value))).toEqual(
        new Set(["idle", "checking", "unreachable", "closed", "ready", "submitting", "done"]),
      )
    })
    const walk = (path: (typeof paths)[number]) => {
      const actor = replay(machine, path.steps)
      const { value, context } = actor.getSnapshot()
      expect(value).toEqual(path.state.value)
      if (value === "unreachable") expect(context.error).toBe(kind.unreachable)
      if (value === "closed") expect(context.linkState).toBe(kind.closedAs)
      if (value === "ready" || value === "submitting") expect(context.email).toBe(kind.email)
      if (value === "submitting") expect(context.error).toBeNull()
      if (value === "checking") expect(context).toMatchObject({ token: "t", email: null, linkState: null })
      const last = String(path.steps.at(-1)?.event.type)
      if (value === "ready" && last === "xstate.error.actor.submit")
        expect(context.error).toBe("Password: use at least 12 characters.")
      actor.stop()
    }
    for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))
    it(
      "takes every event from every state it reaches",
      () => {
        for (const path of getEdgePaths(machine, { events })) walk(path)
      },
      WHOLE_GRAPH_TIMEOUT_MS,
    )
  })
}

describe("a link's form", () => {
  it("sends what it was given, hands the session to the auth actor, says a generic failure in words", async () => {
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
        checkLink: fromPromise<LinkInfo, { token: string }>(async () => ({
          state: "open",
          email: "viewer@example.com",
        })),
        submit: fromPromise(async ({ input }) => {
          sent.push(input)
          if (fail) throw new Error("boom")
          return { access: "a", user: user(4, "viewer@example.com") }
        }),
      },
    })
    const actor = createActor(root.provide({ actors: { auth, passwordReset: provided } })).start()
    const reset = actor.system.get("passwordReset")
    reset.send({ type: "link.open", token: "tok" })
    await waitFor(reset, (s) => s.value === "ready")
    reset.send({ type: "link.submit", body: { password: "quartz meadow ferry" } })
    const refused = await waitFor(reset, (s) => s.value === "ready" && s.context.error !== null)
    expect(refused.context.error).toBe(RESET_FAILED)
    fail = false
    reset.send({ type: "link.submit", body: { password: "quartz meadow ferry" } })
    await waitFor(reset, (s) => s.value === "done")
    expect(sent).toEqual([
      { token: "tok", body: { password: "quartz meadow ferry" } },
      { token: "tok", body: { password: "quartz meadow ferry" } },
    ])
    expect(received).toContainEqual({ type: "auth.adoptSession", token: "a", userId: 4 })
    actor.stop()
  })
})
