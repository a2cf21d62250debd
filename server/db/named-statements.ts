// PostgreSQL parses and plans a statement sent without a name every time it comes; a decision's eight
// statements spent about as long in the planner as in running (pg_stat_statements, bench/RESULTS.md). Named,
// a statement is parsed once per connection, and after a few runs PostgreSQL may keep a generic plan for it.
// Each distinct text with parameters gets a name, up to a bound: queries built from filters vary.
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely"
import type pg from "pg"

/** Distinct statement texts looked at; later ones run unnamed (each connection keeps what it prepared). */
const MAX_NAMED = 2_000

// A statement whose columns a migration can change (`*`) stays unnamed: PostgreSQL refuses a prepared one whose
// result type changed ("cached plan must not change result type"), which an instance still running the old code
// during a rolling deploy would otherwise meet.
const STAR_COLUMNS = /(?<!count\()\*/i

/** What is used of pg's pool: a client, its query by config, and its release. */
export interface QueryPool<Client extends QueryClient> {
  readonly connect: () => Promise<Client>
  readonly end: () => Promise<void>
}
export interface QueryClient {
  readonly query: (config: pg.QueryConfig) => Promise<pg.QueryResult>
  readonly release: () => void
}

export function namedStatementPool<Client extends QueryClient>(pool: QueryPool<Client>): PostgresPool {
  // null: a text seen and left unnamed, so that it is not looked at again.
  const names = new Map<string, string | null>()
  let named = 0
  const nameOf = (sql: string): string | undefined => {
    const known = names.get(sql)
    if (known !== undefined) return known ?? undefined
    if (names.size >= MAX_NAMED) return undefined
    const made = STAR_COLUMNS.test(sql) ? null : `k${++named}`
    names.set(sql, made)
    return made ?? undefined
  }
  const wrapped = new WeakMap<Client, PostgresPoolClient>()
  const wrap = (client: Client): PostgresPoolClient => {
    const known = wrapped.get(client)
    if (known) return known
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>
    function query<R>(cursor: unknown): never
    async function query<R>(
      sql: unknown,
      parameters?: ReadonlyArray<unknown>,
    ): Promise<PostgresQueryResult<R>> {
      if (typeof sql !== "string") throw new Error("cursors are not configured")
      const values = [...(parameters ?? [])]
      const name = values.length > 0 ? nameOf(sql) : undefined
      const result = await client.query(
        name === undefined ? { text: sql, values } : { name, text: sql, values },
      )
      return {
        command: result.command as PostgresQueryResult<R>["command"],
        rowCount: result.rowCount ?? 0,
        rows: result.rows,
      }
    }
    const made: PostgresPoolClient = { query, release: () => client.release() }
    wrapped.set(client, made)
    return made
  }
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() }
}
