import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import {
  STAFF_HISTORY_FAILED,
  STAFF_LOAD_FAILED,
  staffMachine,
} from "../../../src/machines/accounts/staff.machine"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

const machine = staffMachine.provide({
  actors: { loadStaff: pending(), actOnStaff: pending(), loadHistory: pending() },
})
const member = {
  id: 3,
  email: "viewer@example.com",
  full_name: "Vera Viewer",
  user_category: "support",
  status: "active",
  last_sign_in_at: null,
  version: 1,
}
const event = { id: 9, kind: "deactivated", detail: "Deactivated", at: "2026-01-01T00:00:00Z", by: "Ada" }
const events = pathEvents(machine, [
  { type: "staff.search", query: { search: "vera" } },
  { type: "staff.act", action: { kind: "deactivate", id: 3, version: 1 } },
  { type: "staff.reload" },
  { type: "staff.changedElsewhere" },
  { type: "staff.dismiss" },
  { type: "staff.history", id: 3 },
  { type: "staff.closeHistory" },
  { type: "xstate.done.actor.loadStaff", output: [member] },
  { type: "xstate.error.actor.loadStaff", error: new Error("offline") },
  {
    type: "xstate.done.actor.actOnStaff",
    output: { link: "http://x/invite/t", expiresAt: "2026-01-04T00:00:00Z", mail: "off" },
  },
  { type: "xstate.error.actor.actOnStaff", error: { detail: "Changed meanwhile by Ada Admin" } },
  { type: "xstate.done.actor.loadHistory", output: [event] },
  { type: "xstate.error.actor.loadHistory", error: new Error("offline") },
])

describe("staff machine paths", () => {
  const paths = getShortestPaths(machine, { events, input: {} })
  it("reaches loading, ready, history, acting and failed", () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(["loading", "ready", "history", "acting", "failed"]),
    )
  })
  const walk = (path: (typeof paths)[number]) => {
    const actor = replay(machine, path.steps, { input: {} })
    const { value, context } = actor.getSnapshot()
    expect(value).toEqual(path.state.value)
    if (value === "failed") expect(context.error).toBe(STAFF_LOAD_FAILED)
    if (value === "acting") expect(context.pending).toEqual({ kind: "deactivate", id: 3, version: 1 })
    else expect(context.pending).toBeNull()
    if (value === "history") expect(context.historyFor).toBe(3)
    const types = path.steps.map((s) => String(s.event.type))
    const last = types.at(-1)
    if (last === "xstate.error.actor.actOnStaff") expect(context.error).toBe("Changed meanwhile by Ada Admin")
    if (last === "xstate.done.actor.actOnStaff")
      expect(context.issued).toEqual({
        kind: "invitation",
        url: "http://x/invite/t",
        expiresAt: "2026-01-04T00:00:00Z",
        mail: "off",
      })
    if (last === "xstate.done.actor.loadHistory") expect(context.history).toEqual({ id: 3, events: [event] })
    if (last === "xstate.error.actor.loadHistory") {
      expect(context.error).toBe(STAFF_HISTORY_FAILED)
      expect(context.historyFor).toBeNull()
    }
    if (last === "staff.closeHistory") expect([context.historyFor, context.history]).toEqual([null, null])
    if (last === "staff.dismiss") expect([context.issued, context.error]).toEqual([null, null])
    if (last === "staff.search") expect(context.query).toEqual({ search: "vera" })
    actor.stop()
  }
  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))
  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(machine, { events, input: {} })) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
  it("names a reset link as such", () => {
    const actor = replay(
      machine,
      [
        { event: { type: "xstate.init" } },
        { event: { type: "xstate.done.actor.loadStaff", output: [member] } },
        { event: { type: "staff.act", action: { kind: "reset", id: 3 } } },
        {
          event: {
            type: "xstate.done.actor.actOnStaff",
            output: { link: "http://x/reset-password/t", expiresAt: "2026-01-01T00:30:00Z", mail: null },
          },
        },
      ] as never,
      { input: {} },
    )
    expect(actor.getSnapshot().context.issued?.kind).toBe("reset")
    actor.stop()
  })
})
