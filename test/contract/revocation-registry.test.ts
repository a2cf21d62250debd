// What an instance knows of signed-out sessions: revocations heard through NOTIFY, a revocation made while
// its listening connection was down (asked of the database meanwhile, announced once it listens again), and
// forgetting a revocation once no token of that session can be alive.
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startRevocationRegistry } from "../../server/auth/revocation-registry"
import { recordRevocation, SESSION_REVOKED_CHANNEL } from "../../server/auth/revocations"
import type { DatabaseHandle, OnLost, OnRelisten } from "../../server/db/database"
import { manualClock, openTestDatabase } from "./harness"

const KEEP_MS = 60_000
const session = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`

let database: DatabaseHandle
let lose: OnLost = () => undefined
let relisten: OnRelisten = () => undefined
/** The real database, with the listening connection's loss and return in the test's hands. */
let handle: DatabaseHandle

beforeAll(async () => {
  database = (await openTestDatabase("pglite")).database
  handle = {
    ...database,
    listen: (channel, onPayload, onRelisten, onLost) => {
      if (onLost) lose = onLost
      if (onRelisten) relisten = onRelisten
      return database.listen(channel, onPayload)
    },
  }
})
afterAll(() => database?.close())

const settle = () => new Promise((r) => setTimeout(r, 50))

describe("revocation registry", () => {
  it("hears revocations, tells each listener once, reads the recent ones at start, forgets old ones", async () => {
    const clock = manualClock()
    const earlier = new Date(clock.now())
    await database.db.transaction().execute((tx) => recordRevocation(tx, session(1), earlier, KEEP_MS))
    const errors: string[] = []
    const registry = await startRevocationRegistry({
      database: handle,
      clock,
      keepMs: KEEP_MS,
      onError: (m) => void errors.push(m),
    })
    try {
      expect(registry.isRevoked(session(1))).toBe(true)
      expect(registry.isRevoked(session(2))).toBe(false)
      const heard: string[] = []
      registry.onRevoked((id) => void heard.push(id))
      await database.db
        .transaction()
        .execute((tx) => recordRevocation(tx, session(2), new Date(clock.now()), KEEP_MS))
      await expect.poll(() => heard).toEqual([session(2)])
      expect(registry.isRevoked(session(2))).toBe(true)
      // Its own revocation, remembered at once, is not announced twice when its notification comes back.
      registry.remember(session(3))
      await database.db
        .transaction()
        .execute((tx) => recordRevocation(tx, session(3), new Date(clock.now()), KEEP_MS))
      await settle()
      expect(heard).toEqual([session(2), session(3)])
      // A payload that is not a session id is dropped and logged.
      await sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${"nonsense"})`.execute(database.db)
      await expect.poll(() => errors.some((e) => e.includes("nonsense"))).toBe(true)
      clock.advance(KEEP_MS + 1)
      expect(registry.isRevoked(session(2))).toBe(false)
    } finally {
      await registry.stop()
    }
  })

  it("asks the database while it cannot hear, and announces what it missed once it hears again", async () => {
    const clock = manualClock()
    const registry = await startRevocationRegistry({
      database: handle,
      clock,
      keepMs: KEEP_MS,
      onError: () => undefined,
    })
    try {
      const heard: string[] = []
      registry.onRevoked((id) => void heard.push(id))
      lose()
      // Revoked by another instance while this one is deaf: no notification reaches it.
      await database.db
        .insertInto("revoked_session")
        .values({ session_id: session(10), revoked_at: new Date(clock.now()) })
        .execute()
      const answer = registry.isRevoked(session(10))
      expect(answer).toBeInstanceOf(Promise)
      expect(await answer).toBe(true)
      expect(await registry.isRevoked(session(11))).toBe(false)
      await database.db
        .insertInto("revoked_session")
        .values({ session_id: session(12), revoked_at: new Date(clock.now()) })
        .execute()
      relisten()
      await expect.poll(() => heard).toContain(session(12))
      await expect.poll(() => registry.isRevoked(session(11))).toBe(false)
      expect(registry.isRevoked(session(12))).toBe(true)
      expect(heard.filter((id) => id === session(10))).toHaveLength(1)
    } finally {
      await registry.stop()
    }
  })
})
