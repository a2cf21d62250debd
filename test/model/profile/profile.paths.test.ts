import { describe, expect, it } from "vitest"
import { getSimplePaths } from "xstate/graph"
import { profileMachine } from "../../../src/machines/profile/profile.machine"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

const machine = profileMachine.provide({ actors: { updateProfile: pending() } })
const user = { id: 1, email: "a@b.co", full_name: "A B", user_category: "admin", initials: "AB" }
const events = pathEvents(machine, [
  { type: "profile.save", patch: { full_name: "A B" } },
  { type: "profile.reset" },
  { type: "xstate.done.actor.updateProfile", output: user },
  { type: "xstate.error.actor.updateProfile", error: { detail: "That email is taken." } },
])

describe("profile machine paths", () => {
  const paths = getSimplePaths(machine, { events })
  it("reaches idle, saving, saved and failed", () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(["idle", "saving", "saved", "failed"]))
  })
  const walk = (path: (typeof paths)[number]) => {
    const actor = replay(machine, path.steps)
    expect(actor.getSnapshot().value).toEqual(path.state.value)
    const failed = path.state.value === "failed"
    expect(actor.getSnapshot().context.error).toBe(failed ? "That email is taken." : null)
    actor.stop()
  }
  for (const path of paths) {
    it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))
  }
  it(
    "takes every event from every state it reaches",
    () => {
      const edges = getEdgePaths(machine, { events })
      // A reset from any state clears the error and goes back to idle.
      const resets = edges.filter((e) => e.steps.at(-1)?.event.type === "profile.reset")
      expect(resets.length).toBeGreaterThan(0)
      for (const e of resets) expect(e.state.value).toBe("idle")
      for (const path of edges) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
