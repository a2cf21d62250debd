import { describe, expect, it } from "vitest"
import { type EventObject, fromCallback } from "xstate"
import { getShortestPaths } from "xstate/graph"
import type { TabsFact } from "../../../src/machines/system/facts"
import { type TabsContext, type TabsEvent, tabsMachine } from "../../../src/machines/tabs/tabs.machine"
import { describeEvent, getEdgePaths, replay } from "../walk"

// The tabs machine with a fake channel that records what it is asked to post: what this tab says goes to the
// channel, and what the other tabs say comes out as facts (a token another tab refreshed is not a fact here).
// Which tab is in use: this one was used at 5; another tab says it was used at 3 (before) or at 9 (after).

const posted: EventObject[] = []
const machine = tabsMachine.provide({
  actors: {
    channel: fromCallback<TabsEvent, void>(({ receive }) => {
      receive((event) => posted.push(event))
      return () => {}
    }),
  },
})

const events: TabsEvent[] = [
  { type: "tabs.announce", message: { type: "signedIn", token: "t1", userId: 2 } },
  { type: "tabs.announce", message: { type: "signedOut" } },
  { type: "tabs.heard", message: { type: "signedIn", token: "t2", userId: 3 } },
  { type: "tabs.heard", message: { type: "signedOut" } },
  { type: "tabs.heard", message: { type: "token", token: "t3" } },
  { type: "tabs.used", at: 5 },
  { type: "tabs.heard", message: { type: "inUse", at: 3 } },
  { type: "tabs.heard", message: { type: "inUse", at: 9 } },
]

const factFor: Record<string, TabsFact | null> = {
  signedIn: { type: "tabs.signedInElsewhere", token: "t2", userId: 3 },
  signedOut: { type: "tabs.signedOutElsewhere" },
  token: null,
}

type Snap = { value: unknown; context: TabsContext }
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.usedAt])

describe("tabs machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState })
  const edges = getEdgePaths(machine, { events, serializeState })

  it("reaches both sides of which tab is in use, told and not", () => {
    const reached = new Set(edges.map((e) => serializeState(e.state as Snap)))
    for (const state of [
      ["here", null],
      ["here", 5],
      ["elsewhere", null],
      ["elsewhere", 5],
    ])
      expect(reached).toContain(JSON.stringify(state))
  })

  for (const path of [...paths, ...edges])
    it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => {
      const actor = replay(machine, path.steps.slice(0, -1))
      posted.length = 0
      const before = actor.getSnapshot()
      const facts: TabsFact[] = []
      actor.on("*", (fact: TabsFact) => facts.push(fact))
      const last = path.steps.at(-1)?.event as TabsEvent | { type: "xstate.init" }
      if (last.type !== "xstate.init") actor.send(last)
      const after = actor.getSnapshot()
      if (last.type === "tabs.announce") {
        expect(posted.at(-1)).toEqual(last)
        expect(facts).toEqual([])
      }
      if (last.type === "tabs.heard" && last.message.type !== "inUse") {
        const expected = factFor[last.message.type]
        expect(facts).toEqual(expected ? [expected] : [])
        expect(after.value).toEqual(before.value)
      }
      // Another tab used after this one: this one is not in use any more, and says so once.
      if (last.type === "tabs.heard" && last.message.type === "inUse") {
        const usedBefore = before.context.usedAt === null || last.message.at > before.context.usedAt
        const leaves = before.value === "here" && usedBefore
        expect(after.value).toBe(leaves ? "elsewhere" : before.value)
        expect(facts).toEqual(leaves ? [{ type: "tabs.inUse", here: false }] : [])
        expect(posted).toEqual([])
      }
      // Used here: in use again, told to the others once per change (and once at start), published on a change.
      if (last.type === "tabs.used") {
        expect(after.value).toBe("here")
        const tells = before.value === "elsewhere" || before.context.usedAt === null
        expect(posted).toEqual(
          tells ? [{ type: "tabs.announce", message: { type: "inUse", at: last.at } }] : [],
        )
        expect(facts).toEqual(before.value === "elsewhere" ? [{ type: "tabs.inUse", here: true }] : [])
      }
      actor.stop()
    })

  it("covers its transitions", () => {
    expect(new Set(edges.map((e) => e.steps.at(-1)?.event.type))).toEqual(new Set(events.map((e) => e.type)))
  })
})
