import { describe, expect, it } from "vitest"
import {
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
  type InspectionEvent,
} from "xstate"
import { getShortestPaths } from "xstate/graph"
import { NOTIFICATIONS_BLOCKED, type PushEvent, pushMachine } from "../../../src/machines/push/push.machine"
import type { PushMessage } from "../../../src/machines/push/push-message"
import { recordedActor } from "../coverage"
import { describeEvent, pathEvents, pending, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// The real push machine with fake actors: every invoked step settles only when the path says so, through
// its xstate.done / xstate.error event. The paths cover every outcome of the initialisation order
// (unsupported, dismissed, denied, token failure, registration failure, success) and logout from each.

const message: PushMessage = {
  title: "Request approved",
  body: "Work request 12 was approved",
  notificationId: 41,
  actionUrl: "/work-request-details/abc",
}
const hostile: PushMessage = { ...message, notificationId: null, actionUrl: "//evil.example/x" }

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output })
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) })

const events = pathEvents(pushMachine, [
  { type: "push.start" },
  { type: "push.stop" },
  { type: "push.requestPermission" },
  done("checkSupport", { unavailable: null, permission: "default" }),
  done("checkSupport", {
    unavailable: "This browser has no service worker or push manager support.",
    permission: "default",
  }),
  error("checkSupport"),
  done("requestPermission", "granted"),
  done("requestPermission", "denied"),
  done("requestPermission", "default"),
  error("requestPermission"),
  done("getToken", "token-1"),
  error("getToken"),
  done("registerToken"),
  error("registerToken"),
  done("unregister"),
  { type: "push.message", message, visible: true },
  { type: "push.message", message, visible: false },
  { type: "push.view", message },
  { type: "push.view", message: hostile },
  // Facts from the bus: the list has seen up to id 41, the socket opened or was lost.
  { type: "push.seen", newestId: 41 },
  { type: "push.socket", live: true },
  { type: "push.socket", live: false },
])

interface Log {
  warned: string[]
  failures: string[]
  errors: string[]
  toasts: PushMessage[]
  navigations: string[]
  markedRead: number[]
  listening: number
  unregistered: number
}
const newLog = (): Log => ({
  warned: [],
  failures: [],
  errors: [],
  toasts: [],
  navigations: [],
  markedRead: [],
  listening: 0,
  unregistered: 0,
})

function fakes(log: Log) {
  return pushMachine.provide({
    actors: {
      checkSupport: pending(),
      requestPermission: pending(),
      getToken: pending(),
      registerToken: pending(),
      unregister: fromPromise(() => {
        log.unregistered += 1
        return new Promise<void>(() => {})
      }),
      listen: fromCallback(() => {
        log.listening += 1
        return () => {
          log.listening -= 1
        }
      }),
      markRead: fromPromise<void, { id: number }>(async ({ input }) => {
        log.markedRead.push(input.id)
      }),
    },
    actions: {
      warnUnavailable: (_, { reason }) => log.warned.push(reason),
      logFailure: (_, { step }) => log.failures.push(step),
      showError: (_, { message: text }) => log.errors.push(text),
      showPushToast: (_, { message: shown }) => log.toasts.push(shown),
      navigate: (_, { path }) => log.navigations.push(path),
    },
  })
}

type Snap = { value: unknown; context: { status: string; token: string | null; restart: boolean } }
const serializeState = (s: Snap) =>
  JSON.stringify([s.value, s.context.status, s.context.token, s.context.restart])

/** Every transition the machine defines, by source state, event and position among that event's candidates. */
function allTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  const own = [...node.transitions.values()].flat()
  return [...own, ...Object.values(node.states).flatMap((child) => allTransitions(child))]
}

/** A transition's identity across provided copies of the machine: source, event, and candidate position. */
const keyOf = (t: AnyTransitionDefinition) =>
  `${t.source.id} on ${t.eventType} #${t.source.transitions.get(t.eventType)?.indexOf(t) ?? -1}`

const taken = new Set<string>()
const reachedStates = new Set<string>()

function run(steps: ReadonlyArray<{ event: EventObject }>, log: Log) {
  const actor = recordedActor(fakes(log), {
    inspect: (e: InspectionEvent) => {
      if (e.type === "@xstate.microstep") for (const t of e._transitions) taken.add(keyOf(t))
    },
  }).start()
  for (const step of steps.slice(1)) actor.send(step.event as PushEvent)
  reachedStates.add(JSON.stringify(actor.getSnapshot().value))
  return actor
}

const lastEvent = (steps: ReadonlyArray<{ event: EventObject }>) =>
  steps.at(-1)?.event as EventObject & {
    output?: unknown
  }

describe("push machine paths", () => {
  const paths = getShortestPaths(fakes(newLog()), { events, serializeState })

  for (const path of paths) {
    it(path.steps.map((s) => describeEvent(s.event)).join(" → ") || "initial", () => {
      const log = newLog()
      const actor = run(path.steps, log)
      const snap = actor.getSnapshot()
      expect(snap.value).toEqual(path.state.value)
      expect(serializeState(snap)).toBe(serializeState(path.state))
      const last = lastEvent(path.steps)

      // Unavailable push is one console warning; the sequence stops there.
      if (snap.matches("unsupported")) {
        expect(log.warned).toHaveLength(1)
        expect(snap.context.status).toBe("unsupported")
      } else expect(log.warned).toEqual([])
      // Permission denied shows exactly the blocked toast, as an error.
      if (snap.matches("blocked")) expect(log.errors).toEqual([NOTIFICATIONS_BLOCKED])
      if (!path.steps.some((s) => (s.event as { output?: unknown }).output === "denied"))
        expect(log.errors).toEqual([])
      // Token and registration failures are logged only.
      if (snap.matches("failed") && last?.type === "xstate.error.actor.getToken")
        expect(log.failures).toEqual(["token"])
      if (snap.matches("failed") && last?.type === "xstate.error.actor.registerToken")
        expect(log.failures).toEqual(["registration"])
      // Foreground messages are listened for only after the token is registered, and only then.
      expect(log.listening).toBe(snap.matches("listening") ? 1 : 0)
      // Logout deletes the browser's token exactly when one was obtained.
      const stopped = path.steps.some((s) => s.event.type === "push.stop")
      if (snap.matches("unregistering")) expect(log.unregistered).toBe(1)
      if (!stopped) expect(log.unregistered).toBe(0)
      actor.stop()
    })
  }

  it(
    "covers every state and every transition of the machine",
    () => {
      // Replays the paths above plus one step of every event from every reached state.
      for (const path of paths)
        for (const event of events) {
          const actor = run(path.steps, newLog())
          // Only what the state handles: an unhandled actor error would be reported as uncaught.
          if (actor.getSnapshot().can(event)) actor.send(event)
          reachedStates.add(JSON.stringify(actor.getSnapshot().value))
          actor.stop()
        }
      const states = Object.keys(pushMachine.root.states)
      for (const state of states) expect(reachedStates).toContain(JSON.stringify(state))
      const all = allTransitions(pushMachine.root).map(keyOf)
      expect(all.length).toBeGreaterThan(20)
      expect(all.filter((k) => !taken.has(k))).toEqual([])
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})

describe("push machine outcomes", () => {
  const start = (log: Log) => {
    const actor = createActor(fakes(log)).start()
    actor.send({ type: "push.start" })
    return actor
  }
  const send = (actor: ReturnType<typeof start>, event: unknown) => actor.send(event as PushEvent)

  it("success: check, permission, token, registration, then listening; a message shows the push toast", () => {
    const log = newLog()
    const actor = start(log)
    expect(actor.getSnapshot().value).toBe("checking")
    send(actor, done("checkSupport", { unavailable: null, permission: "default" }))
    expect(actor.getSnapshot().value).toBe("requesting")
    send(actor, done("requestPermission", "granted"))
    expect(actor.getSnapshot().value).toBe("fetchingToken")
    send(actor, done("getToken", "token-1"))
    expect(actor.getSnapshot().value).toBe("registering")
    expect(log.listening).toBe(0)
    send(actor, done("registerToken"))
    expect(actor.getSnapshot().value).toBe("listening")
    expect(log.listening).toBe(1)
    send(actor, { type: "push.message", message, visible: true })
    expect(log.toasts).toEqual([message])
    // A hidden tab does not toast: whoever is looking gets it in their own tab.
    send(actor, { type: "push.message", message: { ...message, notificationId: 42 }, visible: false })
    expect(log.toasts).toEqual([message])
  })

  it("view: marks the notification read and navigates, only to a path of this app", () => {
    const log = newLog()
    const actor = start(log)
    send(actor, { type: "push.view", message })
    expect(log.markedRead).toEqual([41])
    expect(log.navigations).toEqual(["/work-request-details/abc"])
    send(actor, { type: "push.view", message: hostile })
    expect(log.markedRead).toEqual([41])
    expect(log.navigations).toEqual(["/work-request-details/abc"])
  })

  it("logout after success deletes the browser token; signing in again meanwhile starts over after it", () => {
    const log = newLog()
    const actor = start(log)
    send(actor, done("checkSupport", { unavailable: null, permission: "granted" }))
    send(actor, done("requestPermission", "granted"))
    send(actor, done("getToken", "token-1"))
    send(actor, done("registerToken"))
    send(actor, { type: "push.stop" })
    expect(actor.getSnapshot().value).toBe("unregistering")
    expect(log.unregistered).toBe(1)
    expect(log.listening).toBe(0)
    send(actor, { type: "push.start" })
    send(actor, done("unregister"))
    expect(actor.getSnapshot().value).toBe("checking")
    expect(actor.getSnapshot().context).toEqual({
      status: "default",
      unavailable: null,
      token: null,
      restart: false,
      newestSeen: 0,
      toasted: [],
      socketLive: false,
    })
  })

  it("logout before a token exists needs no unregistering", () => {
    const log = newLog()
    const actor = start(log)
    send(actor, done("checkSupport", { unavailable: "No push manager", permission: "default" }))
    expect(actor.getSnapshot().value).toBe("unsupported")
    send(actor, { type: "push.stop" })
    expect(actor.getSnapshot().value).toBe("idle")
    expect(log.unregistered).toBe(0)
  })

  it("decides a foreground toast from the facts it heard, and publishes the ones it showed", () => {
    const log = newLog()
    const actor = start(log)
    const announced: number[] = []
    actor.on("push.announced", (f) => announced.push(f.notificationId))
    for (const step of [
      done("checkSupport", { unavailable: null, permission: "granted" }),
      done("requestPermission", "granted"),
      done("getToken", "token-1"),
      done("registerToken"),
    ])
      send(actor, step)
    const at = (id: number) => ({
      type: "push.message",
      message: { ...message, notificationId: id },
      visible: true,
    })
    // The list has shown up to 41: 41 again is not news.
    send(actor, { type: "push.seen", newestId: 41 })
    send(actor, at(41))
    // The socket is live: it announces 42 itself.
    send(actor, { type: "push.socket", live: true })
    send(actor, at(42))
    // The socket is lost: only this toast can announce 43, once, however often it is delivered.
    send(actor, { type: "push.socket", live: false })
    send(actor, at(43))
    send(actor, at(43))
    expect(log.toasts.map((t) => t.notificationId)).toEqual([43])
    expect(announced).toEqual([43])
  })
})
