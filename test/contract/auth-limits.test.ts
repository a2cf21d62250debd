// Sign-in limits count failures only: an office of coordinators behind one address always gets in, while
// guessing one account's password and trying many accounts from one address both end in 429 {detail}. The
// limits hold for attempts sent all at once too, not only one after another.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LOGIN_LIMIT_PER_ACCOUNT, LOGIN_LIMIT_PER_IP } from "../../server/auth/constants"
import { ErrorBody } from "../../src/schema/system/errors"
import { startServer, type TestServer } from "./harness"

const OFFICE_PASSWORD = "office-password-1"
const TOO_MANY = "Too many login attempts. Try again later."

let server: TestServer
const office = Array.from({ length: 30 }, (_, i) => `coordinator-${i}@office.example`)

beforeAll(async () => {
  // The production limits (the harness raises the address limit for other suites); the proxy trusted, so
  // that each test can speak from its own address through X-Forwarded-For.
  server = await startServer({
    config: {
      loginLimitPerIp: LOGIN_LIMIT_PER_IP,
      loginLimitPerAccount: LOGIN_LIMIT_PER_ACCOUNT,
      trustProxy: true,
    },
  })
  const hash = await server.app.services.passwords.hash(OFFICE_PASSWORD)
  const now = new Date()
  await server.database.db
    .insertInto("app_user")
    .values(
      office.map((email, i) => ({
        email,
        full_name: `Office Coordinator ${i}`,
        user_category: "website_coordinator",
        password_hash: hash,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute()
})
afterAll(() => server?.close())

const signIn = (from: string, email: string, password: string) =>
  server.call("/api/company/login/", { json: { email, password }, headers: { "x-forwarded-for": from } })

/** The statuses of the answers, counted. */
const tally = (responses: readonly Response[]) =>
  responses.reduce<Record<number, number>>((acc, r) => {
    acc[r.status] = (acc[r.status] ?? 0) + 1
    return acc
  }, {})

async function expectTooMany(response: Response) {
  expect(response.status).toBe(429)
  expect(Schema.decodeUnknownSync(ErrorBody)(await response.json())).toEqual({ detail: TOO_MANY })
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0)
}

describe("sign-in limits", () => {
  it("lets 30 coordinators behind one address sign in within a minute, all at once, typos and all", async () => {
    const from = "198.51.100.10"
    // A few mistyped passwords first: failures of the office, well under the address's ceiling.
    for (const email of office.slice(0, 3)) expect((await signIn(from, email, "typo")).status).toBe(401)
    const responses = await Promise.all(office.map((email) => signIn(from, email, OFFICE_PASSWORD)))
    expect(tally(responses)).toEqual({ 200: 30 })
    // And again a minute later, when they open a second browser: successes never count.
    server.clock.advance(60_000)
    const again = await Promise.all(office.map((email) => signIn(from, email, OFFICE_PASSWORD)))
    expect(tally(again)).toEqual({ 200: 30 })
  })

  it("stops 40 guesses at one account after its limit, sent one after another", async () => {
    const from = "198.51.100.20"
    const email = office[3] ?? ""
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await signIn(from, email, `guess-${i}`)).status)
    expect(statuses.slice(0, LOGIN_LIMIT_PER_ACCOUNT.max)).toEqual(
      Array(LOGIN_LIMIT_PER_ACCOUNT.max).fill(401),
    )
    expect(statuses.slice(LOGIN_LIMIT_PER_ACCOUNT.max)).toEqual(
      Array(40 - LOGIN_LIMIT_PER_ACCOUNT.max).fill(429),
    )
    // The right password too, and from anywhere: the account is what is locked.
    await expectTooMany(await signIn("192.0.2.99", email, OFFICE_PASSWORD))
    server.clock.advance(LOGIN_LIMIT_PER_ACCOUNT.windowMs + 1000)
    expect((await signIn(from, email, OFFICE_PASSWORD)).status).toBe(200)
  })

  it("gives 40 guesses sent at once no more verdicts than the limit, and the right one among them none", async () => {
    const from = "198.51.100.21"
    const email = office[4] ?? ""
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? OFFICE_PASSWORD : `guess-${i}`))
    const responses = await Promise.all(guesses.map((password) => signIn(from, email, password)))
    const counts = tally(responses)
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LOGIN_LIMIT_PER_ACCOUNT.max)
    expect(counts[200] ?? 0).toBe(0)
    expect(counts[429]).toBe(40 - (counts[401] ?? 0))
    await expectTooMany(responses.at(-1) ?? new Response())
    server.clock.advance(LOGIN_LIMIT_PER_ACCOUNT.windowMs + 1000)
  })

  it("stops 200 failures over 200 accounts from one address, while another address signs in", async () => {
    const from = "198.51.100.30"
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signIn(from, `sprayed-${i}@example.com`, "Winter2025!")),
    )
    const counts = tally(responses)
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LOGIN_LIMIT_PER_IP.max)
    expect(counts[401] ?? 0).toBeGreaterThan(0)
    expect(counts[429]).toBe(200 - (counts[401] ?? 0))
    for (const response of responses.filter((r) => r.status === 429).slice(0, 3))
      await expectTooMany(response)
    // Even a real account with its right password gets no verdict from that address now…
    await expectTooMany(await signIn(from, office[5] ?? "", OFFICE_PASSWORD))
    // …but the same account signs in from its office.
    expect((await signIn("198.51.100.10", office[5] ?? "", OFFICE_PASSWORD)).status).toBe(200)
    // Until the window has passed.
    server.clock.advance(LOGIN_LIMIT_PER_IP.windowMs + 1000)
    expect((await signIn(from, office[5] ?? "", OFFICE_PASSWORD)).status).toBe(200)
  })

  it("counts a whole IPv6 /64 as one address, so rotating addresses within it does not help", async () => {
    const responses: Response[] = []
    for (let i = 0; i < LOGIN_LIMIT_PER_IP.max + 5; i++)
      responses.push(await signIn(`2001:db8:aa:bb::${(i + 1).toString(16)}`, `v6-${i}@example.com`, "x"))
    expect(tally(responses)).toEqual({ 401: LOGIN_LIMIT_PER_IP.max, 429: 5 })
    expect((await signIn("2001:db8:aa:bc::1", office[6] ?? "", OFFICE_PASSWORD)).status).toBe(200)
    server.clock.advance(LOGIN_LIMIT_PER_IP.windowMs + 1000)
  })
})
