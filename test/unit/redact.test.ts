import { describe, expect, it } from "vitest"
import { createActor, createMachine } from "xstate"
import { isSecretKey, REDACTED, redact, redactString } from "../../src/effects/support/redact"

const JWT =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsImV4cCI6MTcwMDAwMDAwMH0.c2lnbmF0dXJlLXZhbHVlLWhlcmU"

describe("redact", () => {
  it("removes tokens, passwords, push tokens and cookies by key, at any depth and in any spelling", () => {
    const input = {
      type: "auth.login",
      email: "admin@example.com",
      password: "admin-demo-1",
      nested: {
        deeper: [
          { accessToken: "a1", access_token: "a2", ACCESS: "a3", "Refresh-Token": "r1", refresh: "r2" },
        ],
        device: { fcm_token: "f1", FCMToken: "f2", push_token: "p1", pushToken: "p2" },
        headers: { Cookie: "refresh_token=abc", "set-cookie": ["x=1"], Authorization: "Bearer zzz" },
        form: { newPassword: "n1", current_password: "c1", PASSWD: "p" },
      },
      token: "t1",
    }
    const out = JSON.stringify(redact(input))
    for (const secret of [
      "admin-demo-1",
      "a1",
      "a2",
      "a3",
      "r1",
      "r2",
      "f1",
      "f2",
      "p1",
      "p2",
      "abc",
      "x=1",
      "zzz",
    ])
      expect(out).not.toContain(`"${secret}"`)
    for (const secret of ["n1", "c1", "t1"]) expect(out).not.toContain(secret)
    expect(redact(input)).toMatchObject({
      type: "auth.login",
      email: "admin@example.com",
      password: REDACTED,
      token: REDACTED,
      nested: { device: { fcm_token: REDACTED, pushToken: REDACTED }, headers: { Cookie: REDACTED } },
    })
  })

  it("keeps an absent secret absent: null stays null, so a guard on 'is there a token' reads the same", () => {
    expect(redact({ accessToken: null, user: null, push_token: "" })).toEqual({
      accessToken: null,
      user: null,
      push_token: null,
    })
  })

  it("finds token-looking strings inside values: a JWT, a bearer header, token= in a URL or a cookie", () => {
    expect(redactString(`ws://host/ws/notifications/?token=${JWT}&x=1`)).toBe(
      `ws://host/ws/notifications/?token=${REDACTED}&x=1`,
    )
    expect(redactString(`failed with ${JWT} in it`)).toBe(`failed with ${REDACTED} in it`)
    expect(redactString("Authorization: Bearer abc.def")).toBe(`Authorization: Bearer ${REDACTED}`)
    expect(redactString("refresh_token=s3cr3t; Path=/api/company/")).toBe(
      `refresh_token=${REDACTED}; Path=/api/company/`,
    )
    const out = JSON.stringify(redact({ message: { detail: [`see ${JWT}`] }, note: "nothing secret here" }))
    expect(out).not.toContain(JWT.slice(0, 30))
    expect(out).toContain("nothing secret here")
  })

  it("does not touch ordinary keys that merely resemble secret ones", () => {
    for (const key of ["type", "waiterIds", "tokenRejected", "unread", "title", "is_read", "refreshing"])
      expect(isSecretKey(key)).toBe(false)
    for (const key of ["token", "idToken", "ID_TOKEN", "tokens", "cookies", "client_secret", "Authorization"])
      expect(isSecretKey(key)).toBe(true)
  })

  it("turns errors, actors, logic, cycles and odd values into plain JSON", () => {
    const error = Object.assign(new Error(`bad ${JWT}`), {
      detail: "Refresh token expired or invalid.",
      status: 401,
    })
    const machine = createMachine({ id: "m" })
    const actor = createActor(machine)
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    const out = redact({
      error,
      actor,
      machine,
      cyclic,
      fn: () => 1,
      when: new Date(0),
      n: Number.NaN,
      u: undefined,
    })
    expect(out).toEqual({
      error: {
        name: "Error",
        message: `bad ${REDACTED}`,
        detail: "Refresh token expired or invalid.",
        status: 401,
      },
      actor: { $actor: actor.sessionId },
      machine: { $logic: "m" },
      cyclic: { a: 1, self: "[circular]" },
      fn: "[function]",
      when: "1970-01-01T00:00:00.000Z",
      n: "NaN",
    })
    // A value seen twice, not in a cycle, is kept both times.
    const shared = { id: 1 }
    expect(redact([shared, shared])).toEqual([{ id: 1 }, { id: 1 }])
  })
})
