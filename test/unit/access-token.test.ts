// Access-token verification with its cache of verified tokens: a cached token is still refused once its
// time is up, and a token is only ever cached after its signature checked out.
import { describe, expect, it } from "vitest"
import { createAccessTokens } from "../../server/auth/access-token"
import { ACCESS_TOKEN_TTL_SECONDS } from "../../server/auth/constants"

const user = { id: 7, user_category: "admin" }
const SESSION = "5b0f7c8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f"

function clockAt(start: number) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe("access tokens", () => {
  it("a verified token verifies again, until it expires", async () => {
    const clock = clockAt(Date.UTC(2026, 0, 1))
    const tokens = createAccessTokens("s".repeat(32), clock)
    const token = await tokens.sign(user, SESSION)
    expect(await tokens.verify(token)).toEqual({ userId: 7, category: "admin", sessionId: SESSION })
    clock.advance((ACCESS_TOKEN_TTL_SECONDS - 1) * 1000)
    expect(await tokens.verify(token)).toEqual({ userId: 7, category: "admin", sessionId: SESSION })
    clock.advance(1000)
    expect(await tokens.verify(token)).toBeNull()
    expect(await tokens.verify(token)).toBeNull()
  })

  it("a configured lifetime replaces the default one", async () => {
    const clock = clockAt(Date.UTC(2026, 0, 1))
    const tokens = createAccessTokens("s".repeat(32), clock, 3)
    const token = await tokens.sign(user, SESSION)
    clock.advance(2000)
    expect(await tokens.verify(token)).toEqual({ userId: 7, category: "admin", sessionId: SESSION })
    clock.advance(1000)
    expect(await tokens.verify(token)).toBeNull()
  })

  it("a token signed with another secret, or altered, is refused every time", async () => {
    const clock = clockAt(Date.UTC(2026, 0, 1))
    const ours = createAccessTokens("s".repeat(32), clock)
    const theirs = createAccessTokens("t".repeat(32), clock)
    const foreign = await theirs.sign(user, SESSION)
    expect(await ours.verify(foreign)).toBeNull()
    expect(await ours.verify(foreign)).toBeNull()
    const token = await ours.sign(user, SESSION)
    expect(await ours.verify(token)).not.toBeNull()
    const [header, , signature] = token.split(".")
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: "1", cat: "admin", iat: 1, exp: 9e9 })).toString("base64url")}.${signature}`
    expect(await ours.verify(forged)).toBeNull()
  })

  it("a token issued in the future (a clock behind the signer's) is refused, also once cached", async () => {
    const clock = clockAt(Date.UTC(2026, 0, 1))
    const tokens = createAccessTokens("s".repeat(32), clock)
    const token = await tokens.sign(user, SESSION)
    expect(await tokens.verify(token)).not.toBeNull()
    clock.advance(-5000)
    expect(await tokens.verify(token)).toBeNull()
  })
})
