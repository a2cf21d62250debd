import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { AnyStateNode, AnyTransitionDefinition, InspectionEvent } from "xstate"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import {
  PREFERENCES_LOAD_FAILED,
  PREFERENCES_SAVE_FAILED,
  type PreferencesEvent,
  preferencesMachine,
} from "../../../src/machines/preferences/preferences.machine"
import { NOTIFICATION_TYPES, TypeSwitches } from "../../../src/schema/notifications/notifications"
import { recordedActor } from "../coverage"
import { describeEvent, pathEvents, pending, sendSystemEvent } from "../walk"

// The real preferences machine with pending actors: the path delivers each load and save outcome.

const allOn = Schema.decodeUnknownSync(TypeSwitches)(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, { in_app: true, push: true }])),
)
const prefs = { id: 7, types: allOn }
const securityPushOff = { id: 7, types: { ...allOn, security: { in_app: true, push: false } } }

const events = pathEvents(preferencesMachine, [
  { type: "preferences.load" },
  { type: "xstate.done.actor.loadPreferences", output: prefs },
  { type: "xstate.error.actor.loadPreferences", error: { detail: null } },
  { type: "preferences.toggle", notificationType: "security", channel: "push" },
  { type: "preferences.save" },
  { type: "preferences.discard" },
  { type: "xstate.done.actor.savePreferences", output: securityPushOff },
  { type: "xstate.error.actor.savePreferences", error: { detail: "types: Expected a boolean." } },
])

const machine = preferencesMachine.provide({
  actors: { loadPreferences: pending(), savePreferences: pending() },
})

type Snap = {
  value: unknown
  context: { draft: unknown; saved: unknown; saveError: unknown; justSaved: boolean }
}
const serializeState = (s: Snap) =>
  JSON.stringify([s.value, s.context.draft, s.context.saved, s.context.saveError, s.context.justSaved])

const keyOf = (t: AnyTransitionDefinition) =>
  `${t.source.id} on ${t.eventType} #${t.source.transitions.get(t.eventType)?.indexOf(t) ?? -1}`
const allTransitions = (node: AnyStateNode): AnyTransitionDefinition[] => [
  ...[...node.transitions.values()].flat(),
  ...Object.values(node.states).flatMap(allTransitions),
]
const taken = new Set<string>()
const inspect = (e: InspectionEvent) => {
  if (e.type === "@xstate.microstep") for (const t of e._transitions) taken.add(keyOf(t))
}

describe("preferences machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState })

  for (const path of paths) {
    it(path.steps.map((s) => describeEvent(s.event)).join(" → ") || "initial", () => {
      const actor = recordedActor(machine, { inspect }).start()
      for (const step of path.steps.slice(1)) actor.send(step.event as PreferencesEvent)
      const snap = actor.getSnapshot()
      expect(serializeState(snap)).toBe(serializeState(path.state))
      const last: string | undefined = path.steps.at(-1)?.event.type
      // A load failure without the server's words reads as the fallback; a save failure keeps the draft.
      if (snap.matches("failed")) expect(snap.context.loadError).toBe(PREFERENCES_LOAD_FAILED)
      if (last === "xstate.error.actor.savePreferences") {
        expect(snap.context.saveError).toBe("types: Expected a boolean.")
        // Nothing the user chose is lost: the draft still differs from what the server holds.
        expect(snap.context.draft).not.toEqual(snap.context.saved)
      }
      if (last === "xstate.done.actor.savePreferences") expect(snap.context.justSaved).toBe(true)
      // Saving is only ever entered with something to save.
      if (snap.matches("saving")) expect(snap.context.draft).not.toEqual(snap.context.saved)
      actor.stop()
    })
  }

  it("covers every state and every transition", () => {
    for (const path of paths)
      for (const event of events) {
        const actor = recordedActor(machine, { inspect }).start()
        for (const step of path.steps.slice(1)) actor.send(step.event as PreferencesEvent)
        if (actor.getSnapshot().can(event)) actor.send(event)
        actor.stop()
      }
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const state of Object.keys(preferencesMachine.root.states))
      expect(reached).toContain(JSON.stringify(state))
    expect(
      allTransitions(preferencesMachine.root)
        .map(keyOf)
        .filter((k) => !taken.has(k)),
    ).toEqual([])
  })

  it("shows the server's message for a failed save, else the fallback", () => {
    const actor = createActor(machine).start()
    actor.send({ type: "preferences.load" })
    sendSystemEvent(actor, { type: "xstate.done.actor.loadPreferences", output: prefs })
    actor.send({ type: "preferences.toggle", notificationType: "welcome", channel: "in_app" })
    actor.send({ type: "preferences.save" })
    sendSystemEvent(actor, {
      type: "xstate.error.actor.savePreferences",
      error: { status: 0 },
    })
    expect(actor.getSnapshot().context.saveError).toBe(PREFERENCES_SAVE_FAILED)
    actor.send({ type: "preferences.save" })
    sendSystemEvent(actor, {
      type: "xstate.error.actor.savePreferences",
      error: { detail: null, serverMessage: "Preferences are locked." },
    })
    expect(actor.getSnapshot().context.saveError).toBe("Preferences are locked.")
  })
})
