import { describe, expect, it } from "vitest"
import { fromCallback } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { sessionMachine } from "../../src/machines/session.machine"
import { SYSTEM_IDS } from "../../src/machines/system-ids"
import { replay } from "./walk"

// The session machine has one state and no transitions of its own: its one path is its start, which must
// put every signed-in actor into the system under its systemId. Its children are idle fakes here; each has
// its own path tests.
const idle = fromCallback(() => () => {}) as never
const machine = sessionMachine.provide({
  actors: {
    sidebar: idle,
    profile: idle,
    dashboard: idle,
    notifications: idle,
    socket: idle,
    push: idle,
    preferences: idle,
    sessionWatch: idle,
  },
})

describe("session machine paths", () => {
  const paths = getShortestPaths(machine, { events: [] })

  it("has one path: its start", () => {
    expect(paths).toHaveLength(1)
    expect(paths[0]?.steps.map((s) => s.event.type)).toEqual(["xstate.init"])
  })

  it("starts every signed-in actor under its systemId", () => {
    const actor = replay(machine, paths[0]?.steps ?? [])
    const ids = [
      SYSTEM_IDS.sidebar,
      SYSTEM_IDS.profile,
      SYSTEM_IDS.dashboard,
      SYSTEM_IDS.notifications,
      SYSTEM_IDS.socket,
      SYSTEM_IDS.push,
      SYSTEM_IDS.preferences,
      SYSTEM_IDS.sessionWatch,
    ]
    for (const id of ids) expect(actor.system.get(id), id).toBeDefined()
    expect(Object.keys(actor.getSnapshot().children).sort()).toEqual([...ids].sort())
    actor.stop()
  })
})
