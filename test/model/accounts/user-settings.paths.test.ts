import { describe, expect, it } from "vitest"
import { getShortestPaths } from "xstate/graph"
import {
  type AccountOverview,
  PASSWORD_CHANGE_FAILED,
  SIGN_OUT_FAILED,
  USER_SETTINGS_LOAD_FAILED,
  type UserSettingsContext,
  userSettingsMachine,
} from "../../../src/machines/accounts/user-settings.machine"
import { describeEvent, getEdgePaths, pathEvents, pending, replay, WHOLE_GRAPH_TIMEOUT_MS } from "../walk"

// /user-settings: the real machine with every call left pending, their outcomes delivered as events.

const OVERVIEW: AccountOverview = {
  sessions: [
    {
      id: "8f0c1d0e-1111-4a2b-9c3d-000000000001",
      browser: "Chrome",
      system: "Linux",
      address: "127.0.0.1",
      signed_in_at: "2026-01-01T10:00:00.000Z",
      last_used_at: "2026-01-01T11:00:00.000Z",
      current: true,
    },
  ],
  signIns: [],
}
const machine = userSettingsMachine.provide({
  actors: { loadOverview: pending(), changePassword: pending(), endSessions: pending() },
})

const events = pathEvents(machine, [
  { type: "userSettings.reload" },
  { type: "userSettings.changePassword", currentPassword: "old one here!", newPassword: "a new passphrase" },
  { type: "userSettings.signOut", id: "8f0c1d0e-1111-4a2b-9c3d-000000000002" },
  { type: "userSettings.signOutOthers" },
  { type: "userSettings.dismiss" },
  { type: "xstate.done.actor.loadOverview", output: OVERVIEW },
  { type: "xstate.error.actor.loadOverview", error: new Error("offline") },
  {
    type: "xstate.done.actor.changePassword",
    output: { detail: "Your password was changed.", signed_out: 0 },
  },
  {
    type: "xstate.error.actor.changePassword",
    error: { kind: "http", status: 400, detail: "Current password: this is not your current password." },
  },
  { type: "xstate.done.actor.endSessions", output: { detail: "The session was signed out.", signed_out: 1 } },
  { type: "xstate.error.actor.endSessions", error: new Error("offline") },
])

const serializeState = (s: { value: unknown; context: UserSettingsContext }) =>
  JSON.stringify([
    s.value,
    s.context.overview !== null,
    s.context.loadError,
    s.context.passwordDone,
    s.context.passwordError,
    s.context.ending,
    s.context.endedText,
    s.context.endError,
  ])

type Path = ReturnType<typeof getShortestPaths<typeof machine>>[number]

function walk(path: Path) {
  const actor = replay(machine, path.steps)
  const snap = actor.getSnapshot()
  expect(snap.value).toEqual(path.state.value)
  const { context } = snap
  const last = String(path.steps.at(-1)?.event.type)
  if (snap.matches({ overview: "failed" })) expect(context.loadError).toBe(USER_SETTINGS_LOAD_FAILED)
  if (snap.matches({ overview: "ready" })) expect(context.overview).toEqual(OVERVIEW)
  if (snap.matches({ sessions: "ending" })) expect(context.ending).not.toBeNull()
  else expect(context.ending).toBeNull()
  if (last === "userSettings.signOut")
    expect(context.ending).toEqual({ kind: "one", id: "8f0c1d0e-1111-4a2b-9c3d-000000000002" })
  if (last === "userSettings.signOutOthers") expect(context.ending).toEqual({ kind: "others" })
  // A change that ends sessions reads the lists again, whatever the lists were doing.
  if (
    last === "xstate.done.actor.changePassword" ||
    last === "xstate.done.actor.endSessions" ||
    last === "xstate.error.actor.endSessions"
  )
    expect(snap.matches({ overview: "loading" })).toBe(true)
  if (last === "xstate.done.actor.changePassword")
    expect(context.passwordDone).toBe("Your password was changed.")
  if (last === "xstate.error.actor.changePassword") {
    expect(context.passwordError).toBe("Current password: this is not your current password.")
    expect(context.passwordError).not.toBe(PASSWORD_CHANGE_FAILED)
  }
  if (last === "xstate.error.actor.endSessions") expect(context.endError).toBe(SIGN_OUT_FAILED)
  if (last === "userSettings.dismiss")
    expect([context.passwordDone, context.passwordError]).toEqual([null, null])
  actor.stop()
}

describe("user settings machine paths", () => {
  const paths = getShortestPaths(machine, { events, serializeState })

  it("reaches every state of each part", () => {
    const reached = paths.map((p) => p.state.value as Record<string, string>)
    for (const [region, states] of [
      ["overview", ["loading", "ready", "failed"]],
      ["password", ["editing", "changing"]],
      ["sessions", ["idle", "ending"]],
    ] as const)
      for (const state of states)
        expect(
          reached.some((v) => v[region] === state),
          `${region}.${state}`,
        ).toBe(true)
  })

  for (const path of paths) it(path.steps.map((s) => describeEvent(s.event)).join(" → "), () => walk(path))

  it(
    "takes every event from every state it reaches",
    () => {
      for (const path of getEdgePaths(machine, { events, serializeState })) walk(path)
    },
    WHOLE_GRAPH_TIMEOUT_MS,
  )
})
