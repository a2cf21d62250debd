// Writing and reading the live change log. A transaction writes its entries as pending, with no lock, as its
// last statement; once it has committed, it waits for a round of the sequencer (`live_sequence`,
// ./sequence-migration.ts; one round at a time per instance, ./sequencing-rounds.ts), which moves every
// committed pending entry into the log under one advisory lock, in one statement the server runs and commits
// without a client's round trip in between. Positions therefore
// follow the sequencer's commits: a reader that has seen n never meets a smaller position later, and no
// decision's commit waits for another's. Entries a sequencer could not move (its instance died between the
// commit and the move) are moved by every instance's sweep (server/jobs/live-log-sequence-job.ts).
// NOTIFY carries the position alone: a wake-up, never the data.
import { CompiledQuery, type Kysely, type RawBuilder, sql, type Transaction } from "kysely"
import { type Collector, collect, collectedCount } from "../db/commit-hooks"
import type { Database } from "../db/schema"
import { sequencingRounds } from "./sequencing-rounds"
import type { LiveTopic } from "./tables"

type Db = Kysely<Database> | Transaction<Database>

/** Also named in the append function (./append-migration.ts), with the lock's key. */
export const LIVE_CHANGE_CHANNEL = "live_changes"

export interface LiveEntry {
  readonly position: number
  readonly topic: LiveTopic
  readonly userId: number | null
  readonly ref: string
}

export interface LiveAppend {
  readonly topic: LiveTopic
  readonly userId: number | null
  readonly ref: string
}

/** The sequencer's call; the sweep's names itself, so that a statement count can tell the two apart. */
const SEQUENCE = CompiledQuery.raw("select live_sequence() as moved")
const SWEEP = CompiledQuery.raw("select live_sequence() as swept")

/**
 * Writes a transaction's entries as its last statement and sequences them once it has committed
 * (server/db/commit-hooks.ts). A failed sequencing is left to the sweep: the change itself has committed.
 */
const LOG: Collector<LiveAppend> = {
  key: Symbol("live change log"),
  write: async (connection, entries) => {
    // None: a statement of the transaction wrote them itself (logsInStatement).
    if (entries.length === 0) return
    await connection.executeQuery(
      CompiledQuery.raw("select live_append($1::text[], $2::integer[], $3::text[])", [
        entries.map((e) => e.topic),
        entries.map((e) => e.userId),
        entries.map((e) => e.ref),
      ]),
    )
  },
  afterCommit: () =>
    sequencingRounds(async (connection) => {
      await connection.executeQuery(SEQUENCE).catch(() => undefined)
    }),
}

/** Moves whatever is still pending into the log; returns how many entries it moved. */
export async function sweepPendingChanges(db: Db): Promise<number> {
  const result = await db.executeQuery<{ swept: number }>(SWEEP)
  return Number(result.rows[0]?.swept ?? 0)
}

/**
 * Logs entries with the caller's transaction (one of their own without one): they take their positions just
 * before it commits, after every other write of it, and every instance is woken once it has.
 */
export async function appendLiveChanges(db: Db, entries: ReadonlyArray<LiveAppend>): Promise<void> {
  if (entries.length === 0) return
  if (!db.isTransaction) return db.transaction().execute((tx) => appendLiveChanges(tx, entries))
  await db.getExecutor().provideConnection(async (connection) => collect(connection, LOG, entries))
}

export const appendLiveChange = (db: Db, entry: LiveAppend): Promise<void> => appendLiveChanges(db, [entry])

/**
 * Whether a statement of the caller's transaction may write its entries into the log itself (`pendingInsert`,
 * a CTE of the statement that makes the change) instead of collecting them for the append before COMMIT: one
 * round trip fewer for every decision. Only while the transaction has collected nothing, or the entries
 * collected earlier would be written after the statement's. When true, the transaction is sequenced once it
 * has committed, as after an append.
 */
export async function logsInStatement(db: Db): Promise<boolean> {
  if (!db.isTransaction) return false
  return db.getExecutor().provideConnection(async (connection) => {
    if (collectedCount(connection, LOG) > 0) return false
    collect(connection, LOG, [])
    return true
  })
}

/**
 * The log's pending insert, a CTE of the statement that makes the change (after `logsInStatement` said yes).
 * `rows` is a query on the statement's other CTEs with the columns n, topic, user_id and ref: entries are
 * logged in the order of n, as appendLiveChanges logs them in the order given.
 */
export const pendingInsert = (rows: RawBuilder<unknown>) =>
  sql<Record<string, unknown>>`(insert into live_pending (topic, user_id, ref)
    select e.topic, e.user_id, e.ref from (${rows}) as e order by e.n)`

/**
 * The newest committed position (0 before the first change). Read before the data of an answer, it is a
 * position the answer reflects at least: whatever came after it may or may not be in the data, and a page
 * that replays it applies a record's state as it is now, which changes nothing it already shows.
 */
export async function headPosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom("live_change")
    .select((eb) => eb.fn.max("position").as("head"))
    .executeTakeFirst()
  return row?.head == null ? 0 : Number(row.head)
}

/** The oldest position a page may resume from: the log holds every entry after it. */
export async function oldestResumable(db: Db): Promise<number> {
  const row = await db
    .selectFrom("live_change")
    .select((eb) => eb.fn.min("position").as("oldest"))
    .executeTakeFirst()
  return row?.oldest == null ? 0 : Number(row.oldest) - 1
}

/** Entries after `after` in order, all of them or those a user's pages hear (every record change, theirs). */
export async function entriesAfter(
  db: Db,
  after: number,
  limit: number,
  forUser?: number,
): Promise<LiveEntry[]> {
  let query = db
    .selectFrom("live_change")
    .select(["position", "topic", "user_id", "ref"])
    .where(sql<boolean>`position > ${after}`)
    .orderBy("position")
    .limit(limit)
  if (forUser !== undefined)
    query = query.where((eb) => eb.or([eb("user_id", "is", null), eb("user_id", "=", forUser)]))
  const rows = await query.execute()
  return rows.map((r) => ({ position: Number(r.position), topic: r.topic, userId: r.user_id, ref: r.ref }))
}

/**
 * Deletes entries older than the retention, always keeping the newest, so that the head survives a quiet
 * spell and a page at it still resumes. Returns how many went.
 */
export async function pruneLiveChanges(db: Db, olderThan: Date): Promise<number> {
  const result = await db
    .deleteFrom("live_change")
    .where("created_at", "<", olderThan)
    .where(sql<boolean>`position < (select max(position) from live_change)`)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** What a page's claimed position means: a place to resume from, or a reason to reload its data. */
export type Resume =
  | { readonly resume: number }
  | { readonly reload: "malformed" | "future" | "pruned"; readonly head: number }

const POSITION = /^(0|[1-9][0-9]{0,15})$/

/** Checks a claimed position against the log: malformed, ahead of the head, or older than what it holds. */
export async function resumeFrom(db: Db, claimed: string): Promise<Resume> {
  const head = await headPosition(db)
  if (!POSITION.test(claimed)) return { reload: "malformed", head }
  const since = Number(claimed)
  if (!Number.isSafeInteger(since)) return { reload: "malformed", head }
  if (since > head) return { reload: "future", head }
  if (since < (await oldestResumable(db))) return { reload: "pruned", head }
  return { resume: since }
}
