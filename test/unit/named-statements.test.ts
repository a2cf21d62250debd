// Statements sent to PostgreSQL by name: one name per distinct text with parameters, the same on every
// connection, and none for a text without parameters or one whose columns a migration could change (`*`).
import type pg from "pg"
import { describe, expect, it } from "vitest"
import { namedStatementPool, type QueryClient } from "../../server/db/named-statements"

function recordingPool() {
  const sent: pg.QueryConfig[] = []
  const client = (): QueryClient => ({
    query: async (config) => {
      sent.push(config)
      return { command: "SELECT", rowCount: 1, rows: [{ ok: 1 }], oid: 0, fields: [] }
    },
    release: () => undefined,
  })
  const pool = namedStatementPool({ connect: async () => client(), end: async () => undefined })
  return { pool, sent }
}

describe("named statements", () => {
  it("names a text with parameters once, on every connection alike", async () => {
    const { pool, sent } = recordingPool()
    const first = await pool.connect()
    const second = await pool.connect()
    const answer = await first.query("select a from t where id = $1", [1])
    await second.query("select a from t where id = $1", [2])
    await first.query("select b from t where id = $1", [3])
    expect(answer).toEqual({ command: "SELECT", rowCount: 1, rows: [{ ok: 1 }] })
    expect(sent.map((q) => q.name)).toEqual(["k1", "k1", "k2"])
    expect(sent.map((q) => q.values)).toEqual([[1], [2], [3]])
  })

  it("leaves unnamed a text without parameters and one selecting `*`", async () => {
    const { pool, sent } = recordingPool()
    const client = await pool.connect()
    await client.query("begin", [])
    await client.query("select * from t where id = $1", [1])
    await client.query('update t set a = $1 returning "t".*', [1])
    await client.query("select count(*) from t where id = $1", [1])
    expect(sent.map((q) => q.name)).toEqual([undefined, undefined, undefined, "k1"])
  })
})
