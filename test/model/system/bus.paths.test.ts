import { describe, expect, it } from "vitest"
import { createActor, type EventObject, fromCallback } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { type BusEvent, busMachine } from "../../../src/machines/system/bus.machine"
import { REST_ACTOR_IDS, SESSION_ACTOR_IDS } from "../../../src/machines/system/registry"
import { recordedActor } from "../coverage"
import { describeEvent, getEdgePaths } from "../walk"

// The bus machine on its own, inside a small system whose subscribers are recorders: every publication is
// delivered as the table says, retained facts are kept by their slot, and 'session started' and 'rest started'
// deliver them again to the actors of the session that has just started; each actor of the rest of the session
// has them as it starts ('joined'), one per task. The listener that hears facts and starts is idle here: the
// path publishes and joins itself.

const received: Array<{ to: string; type: string }> = []
const recorder = fromCallback<EventObject>(({ self, receive }) => {
  receive((event) => received.push({ to: self.id, type: event.type }))
  return () => {}
})
const bus = busMachine.provide({ actors: { hearFacts: fromCallback(() => () => {}) } })
const SUBSCRIBERS = ["app", "support", "tabs", ...SESSION_ACTOR_IDS, ...REST_ACTOR_IDS]

type Publish = Extract<BusEvent, { type: "bus.publish" }>
const publish = (fact: Publish["fact"]): BusEvent => ({ type: "bus.publish", publisher: "test", fact })
const joined = (id: "socket" | "notifications" | "push"): BusEvent => ({ type: "bus.joined", id })
const events: BusEvent[] = [
  publish({ type: "session.signedIn", how: "restored", token: "t0", userId: 1 }),
  publish({ type: "session.signedOut", how: "expired" }),
  publish({ type: "session.tokenChanged", token: "t1" }),
  publish({ type: "system.sessionStarted" }),
  publish({ type: "system.restStarted" }),
  publish({ type: "notification.arrived", notification: notificationFixture() }),
  joined("socket"),
  joined("notifications"),
  joined("push"),
]
const serializeState = (s: { context: { retained: Record<string, { type: string }> } }) =>
  JSON.stringify(Object.entries(s.context.retained).map(([slot, fact]) => [slot, fact.type]))

function notificationFixture() {
  return {
    id: 1,
    notification_type: "system" as const,
    title: "t",
    message: "m",
    priority: "low" as const,
    is_read: false,
    sender_name: "s",
    created_at: "2026-01-01T00:00:00Z",
    action_url: null,
    channel: "in_app" as const,
  }
}

/**
 * The bus as the root (recorded for coverage), recorders joining its system as its subscribers, and a path's
 * publications replayed; what the last one reached is left in `received`.
 */
function walk(steps: ReadonlyArray<{ event: EventObject }>) {
  const root = recordedActor(bus).start()
  for (const id of SUBSCRIBERS) createActor(recorder, { parent: root, id, systemId: id }).start()
  const rest = steps.slice(1)
  for (const step of rest.slice(0, -1)) root.send(step.event as BusEvent)
  received.length = 0
  const last = rest.at(-1)
  if (last) root.send(last.event as BusEvent)
  return root
}

describe("bus machine paths", () => {
  const paths = getShortestPaths(busMachine, { events, serializeState })
  const edges = getEdgePaths(busMachine, { events, serializeState })

  it("keeps one retained fact per slot: session state and token", () => {
    const slots = new Set(paths.map((p) => serializeState(p.state)))
    expect(slots).toContain(JSON.stringify([["session", "session.signedIn"]]))
    expect(slots).toContain(JSON.stringify([["session", "session.signedOut"]]))
    expect(slots).toContain(JSON.stringify([["token", "session.tokenChanged"]]))
  })

  for (const path of [...paths, ...edges])
    it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => {
      const root = walk(path.steps)
      expect(serializeState(root.getSnapshot())).toBe(serializeState(path.state))
      const last = path.steps.at(-1)?.event as BusEvent | undefined
      const fact = last?.type === "bus.publish" ? last.fact : undefined
      const reached = received.map((r) => `${r.to}:${r.type}`).sort()
      // What the last publication reached: its subscribers in the table, and for 'session started' every
      // retained fact again, but only to the actors that just started (the root heard 'signed in' when it
      // happened); an actor of the rest that starts has them too, and only it.
      const retained = path.steps.at(-2)?.state.context.retained ?? {}
      const signedIn = retained.session?.type === "session.signedIn"
      const signedOut = retained.session?.type === "session.signedOut"
      const again = [
        ...(signedIn ? ["dashboard:dashboard.refresh"] : []),
        ...(signedOut ? ["dashboard:dashboard.clear"] : []),
      ]
      const againRest = [
        ...(signedIn ? ["notifications:notifications.start", "push:push.start"] : []),
        ...(signedOut ? ["notifications:notifications.stop", "push:push.stop", "socket:socket.stop"] : []),
        ...(retained.token ? ["socket:socket.start"] : []),
      ]
      const expected: Record<string, string[]> = {
        // Restored at start: the other tabs are not told; the summary is asked for with the profile
        // (docs/behaviour.md#early-refresh).
        "session.signedIn": [
          "app:auth.signedIn",
          "dashboard:dashboard.refresh",
          "notifications:notifications.start",
          "push:push.start",
        ],
        // Expired: the other tabs are not told either; the summary was that user's.
        "session.signedOut": [
          "dashboard:dashboard.clear",
          "notifications:notifications.stop",
          "push:push.stop",
          "socket:socket.stop",
        ],
        "session.tokenChanged": ["socket:socket.start"],
        "notification.arrived": [],
        "system.sessionStarted": again,
        // The rest's actors had theirs as each started.
        "system.restStarted": [],
      }
      if (fact) expect(reached).toEqual([...(expected[fact.type] ?? [])].sort())
      if (last?.type === "bus.joined")
        expect(reached).toEqual(againRest.filter((d) => d.startsWith(`${last.id}:`)).sort())
      root.stop()
    })

  it("delivers a support-only fact to nobody", () => {
    const root = walk([{ event: { type: "xstate.init" } }, { event: events[5] as BusEvent }])
    expect(received).toEqual([])
    root.stop()
  })
})
