// The PostgreSQL handle keeps the connections it opened through a quiet spell, so that the next burst of
// requests finds warm backends instead of waiting for new ones to start (server/db/database.ts).

import { sql } from "kysely"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { DatabaseHandle } from "../../server/db/database"
import { openTestDatabase, postgresAvailable } from "./harness"

const pgUp = await postgresAvailable()

/** The backends that answer `count` statements sent at once, each holding its connection a moment. */
const backendsOf = async (database: DatabaseHandle, count: number) => {
  const rows = await Promise.all(
    Array.from({ length: count }, () =>
      sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(database.db),
    ),
  )
  return new Set(rows.map((result) => result.rows[0]?.pid))
}

describe.skipIf(!pgUp)("the PostgreSQL connection pool", () => {
  let database: DatabaseHandle
  let drop: () => Promise<void>
  beforeAll(async () => {
    ;({ database, drop } = await openTestDatabase("postgres"))
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  afterAll(async () => {
    await database?.close()
    await drop?.()
  })

  it("keeps every connection a burst opened after they have been idle for a minute", async () => {
    // The pool times an idle connection with setTimeout from the moment it is handed back.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    const first = await backendsOf(database, 6)
    expect(first.size).toBe(6)
    vi.advanceTimersByTime(60_000)
    vi.useRealTimers()
    const second = await backendsOf(database, 6)
    expect([...second].sort()).toEqual([...first].sort())
  })

  it("still opens at most ten connections, the rest waiting their turn", async () => {
    const backends = await backendsOf(database, 25)
    expect(backends.size).toBe(10)
  })
})
