// "A refused write changes nothing": a fingerprint of every row of every table, and a cheap way to know when
// it can have changed. PostgreSQL assigns a transaction id only to a transaction that writes (or locks a row),
// so while the next id to be assigned stays the same, no row can have changed and the fingerprint is not
// recomputed. Only a request that did take an id pays for the full fingerprint.
import { type Kysely, sql } from "kysely"
import type { Database } from "../../server/db/schema"

/** Table name → `count:sum of row-version hashes`, order-independent. */
export type Fingerprint = Readonly<Record<string, string>>

export interface FingerprintOptions {
  /**
   * Tables a refused request may legitimately write. login_failure: a refused sign-in is counted by design,
   * that count is the per-account login limit (auth-login.test.ts). record_viewer: presence rows are
   * refreshed and swept by a timer of their own, not by the request being watched. sign_in_attempt: a refused
   * sign-in with an account's email is in that account's history by design (own-account.test.ts).
   * reset_request: a refused "forgot password" request is counted by design, that count is its limit
   * (password-reset.test.ts).
   */
  readonly ignore?: readonly string[]
}

export interface DbWatch {
  /** The fingerprint now (recomputed only when a transaction id was assigned since the last one). */
  readonly fingerprint: () => Promise<Fingerprint>
}

const nextTransactionId = async (db: Kysely<Database>): Promise<string> => {
  const { rows } = await sql<{
    x: string
  }>`select pg_snapshot_xmax(pg_current_snapshot())::text as x`.execute(db)
  return rows[0]?.x ?? ""
}

export async function watchDatabase(
  db: Kysely<Database>,
  options: FingerprintOptions = {},
): Promise<DbWatch> {
  const ignore = new Set(
    options.ignore ?? ["login_failure", "record_viewer", "sign_in_attempt", "reset_request"],
  )
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
  const tables = rows.map((r) => r.name).filter((name) => !ignore.has(name))
  if (tables.length === 0) throw new Error("no tables to fingerprint")
  const query = sql.raw(
    tables
      .map(
        (name) =>
          // Each visible row version by its position and the transaction that wrote it: any committed insert,
          // update or delete changes the set, and hashing it is far cheaper than hashing the rows' text.
          `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(ctid::text || xmin::text, 0)), 0)::text as print from "${name}"`,
      )
      .join(" union all "),
  )
  const compute = async (): Promise<Fingerprint> => {
    const result = await query.execute(db)
    return Object.fromEntries(
      (result.rows as Array<{ name: string; print: string }>).map((r) => [r.name, r.print]),
    )
  }
  let at = await nextTransactionId(db)
  let current = await compute()
  return {
    fingerprint: async () => {
      const now = await nextTransactionId(db)
      if (now !== at) {
        current = await compute()
        at = now
      }
      return current
    },
  }
}
