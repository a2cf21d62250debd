import { describe, expect, it } from "vitest"
import { type EventObject, fromCallback } from "xstate"
import { getShortestPaths } from "xstate/graph"
import type { TabsFact } from "../../../src/machines/system/facts"
import { type TabsEvent, tabsMachine } from "../../../src/machines/tabs/tabs.machine"
import { describeEvent, getEdgePaths, replay } from "../walk"

// The tabs machine with a fake channel that records what it is asked to post: what this tab says goes to the
// channel, and what the other tabs say comes out as facts (a token another tab refreshed is not a fact here).

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
]

const factFor: Record<string, TabsFact | null> = {
  signedIn: { type: "tabs.signedInElsewhere", token: "t2", userId: 3 },
  signedOut: { type: "tabs.signedOutElsewhere" },
  token: null,
}

describe("tabs machine paths", () => {
  const paths = getShortestPaths(machine, { events })
  const edges = getEdgePaths(machine, { events })

  for (const path of [...paths, ...edges])
    it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => {
      posted.length = 0
      const actor = replay(machine, path.steps.slice(0, -1))
      const facts: TabsFact[] = []
      actor.on("*", (fact: TabsFact) => facts.push(fact))
      const last = path.steps.at(-1)?.event as TabsEvent | { type: "xstate.init" }
      if (last.type !== "xstate.init") actor.send(last)
      if (last.type === "tabs.announce") {
        expect(posted.at(-1)).toEqual(last)
        expect(facts).toEqual([])
      }
      if (last.type === "tabs.heard") {
        const expected = factFor[last.message.type]
        expect(facts).toEqual(expected ? [expected] : [])
      }
      actor.stop()
    })

  it("covers its transitions", () => {
    expect(edges.map((e) => e.steps.at(-1)?.event.type).sort()).toEqual(events.map((e) => e.type).sort())
  })
})
