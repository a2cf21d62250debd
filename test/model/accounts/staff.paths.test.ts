import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import { STAFF_LOAD_FAILED, staffMachine } from "../../../src/machines/accounts/staff.machine"
import { describeEvent, getEdgePaths, pathEvents, pending, replay } from "../walk"

const machine = staffMachine.provide({ actors: { loadStaff: pending(), actOnStaff: pending() } })
const member = {
  id: 3,
  email: "viewer@example.com",
  full_name: "Vera Viewer",
  user_category: "support",
  status: "active",
  last_sign_in_at: null,
  version: 1,
}
const events = pathEvents(machine, [
  { type: "staff.search", query: { search: "vera" } },
  { type: "staff.act", action: { kind: "deactivate", id: 3, version: 1 } },
  { type: "staff.reload" },
  { type: "staff.changedElsewhere" },
  { type: "staff.dismiss" },
  { type: "xstate.done.actor.loadStaff", output: [member] },
  { type: "xstate.error.actor.loadStaff", error: new Error("offline") },
  { type: "xstate.done.actor.actOnStaff", output: { link: "http://x/invite/t", mail: "off" } },
  { type: "xstate.error.actor.actOnStaff", error: { detail: "Changed meanwhile by Ada Admin" } },
])

describe("staff machine paths", () => {
  const paths = getShortestPaths(machine, { events, input: {} })
  it("reaches loading, ready, acting and failed", () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(["loading", "ready", "acting", "failed"]),
    )
  })
  const walk = (path: (typeof paths)[number]) => {
    const actor = replay(machine, path.steps, { input: {} })
    const { value, context } = actor.getSnapshot()
    expect(value).toEqual(path.state.value)
    if (value === "failed") expect(context.error).toBe(STAFF_LOAD_FAILED)
    if (value === "acting") expect(context.pending).toEqual({ kind: "deactivate", id: 3, version: 1 })
    else expect(context.pending).toBeNull()
    const types = path.steps.map((s) => String(s.event.type))
    const last = types.at(-1)
    if (last === "xstate.error.actor.actOnStaff") expect(context.error).toBe("Changed meanwhile by Ada Admin")
    if (last === "xstate.done.actor.actOnStaff") expect(context.link).toBe("http://x/invite/t")
    if (last === "staff.dismiss")
      expect([context.link, context.mail, context.error]).toEqual([null, null, null])
    if (last === "staff.search") expect(context.query).toEqual({ search: "vera" })
    actor.stop()
  }
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))
  it("takes every event from every state it reaches", () => {
    for (const path of getEdgePaths(machine, { events, input: {} })) walk(path)
  })
})
