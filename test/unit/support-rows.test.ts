import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { REDACTED } from "../../src/effects/support/redact"
import { createTraceRecorder } from "../../src/effects/support/trace-recorder"
import { authMachine } from "../../src/machines/auth/auth.machine"
import { stateText } from "../../src/views/support/state-text"
import { actorRows, LOG_SIZE, logRows } from "../../src/views/support/support-rows"
import { pending } from "../model/walk"

// What the support panel shows goes through the same redaction as the export: a live auth actor holding a token.

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyIn0.c2lnbmF0dXJlLXZhbHVl"

function recordedAuth() {
  const recorder = createTraceRecorder()
  const machine = authMachine.provide({
    actors: {
      refreshToken: pending(),
      fetchProfile: pending(),
    },
  })
  const actor = createActor(machine, { inspect: recorder.inspect, systemId: "auth" }).start()
  return { recorder, actor }
}

describe("support panel rows", () => {
  it("shows each actor's state and a context summary with the token redacted", () => {
    const { recorder, actor } = recordedAuth()
    actor.send({ type: "auth.setAccessToken", token: TOKEN })
    const auth = actorRows(recorder).find((r) => r.label === "auth")
    expect(auth).toMatchObject({
      status: "active",
      state: "AUTHENTICATED.fetchingProfile.attempt1",
      kind: "machine",
    })
    expect(auth?.summary).toContain(`accessToken: "${REDACTED}"`)
    expect(auth?.summary).toContain('status: "AUTHENTICATED"')
    expect(JSON.stringify(actorRows(recorder))).not.toContain(TOKEN)
  })

  it("logs events newest first, with redacted payloads, filtered by actor, at most 500", () => {
    const { recorder, actor } = recordedAuth()
    actor.send({ type: "auth.login", email: "a@example.com", password: "pw-123456" })
    for (let i = 0; i < LOG_SIZE + 20; i += 1) actor.send({ type: "auth.setAccessToken", token: TOKEN })
    const rows = logRows(recorder, null)
    expect(rows).toHaveLength(LOG_SIZE)
    expect(rows[0]?.seq).toBeGreaterThan(rows[1]?.seq ?? Number.POSITIVE_INFINITY)
    expect(rows[0]).toMatchObject({ to: "auth", from: "outside", type: "auth.setAccessToken" })
    expect(rows[0]?.payload).toBe(`{"token":"${REDACTED}"}`)
    const all = JSON.stringify(logRows(recorder, actor.sessionId))
    expect(all).not.toContain(TOKEN)
    expect(all).not.toContain("pw-123456")
    expect(logRows(recorder, "x:999")).toEqual([])
  })

  it("writes state values as people read them", () => {
    expect(stateText("idle")).toBe("idle")
    expect(stateText({ AUTHENTICATED: { fetchingProfile: "attempt1" } })).toBe(
      "AUTHENTICATED.fetchingProfile.attempt1",
    )
    expect(stateText({ active: { list: "ready", sync: "idle" } })).toBe("active.{list: ready, sync: idle}")
  })
})
