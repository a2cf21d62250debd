// One handle over either backend: PGlite embedded in this process (a data folder, or memory for tests) or a
// real PostgreSQL. Both speak the same SQL, so one set of migrations and queries serves both; LISTEN/NOTIFY
// works on both too, which is how later features fan live messages out across server instances.
import { PGlite } from "@electric-sql/pglite"
import { Kysely, PostgresDialect } from "kysely"
import { PGliteDialect } from "kysely-pglite-dialect"
import pg from "pg"
import { withCommitHooks } from "./commit-hooks"
import { namedStatementPool } from "./named-statements"
import {
  createPgListener,
  type Listen,
  type OnLost,
  type OnPayload,
  type OnRelisten,
  type Unlisten,
} from "./pg-listener"
import { lockDataDir } from "./pglite-lock"
import type { Database } from "./schema"
import { type OnStatement, withStatementObserver } from "./statement-observer"

export type { OnLost, OnPayload, OnRelisten, Unlisten }

export type DatabaseTarget =
  /** dataDir absent: in memory, gone on close (tests). */
  | { readonly kind: "pglite"; readonly dataDir?: string | undefined }
  | { readonly kind: "postgres"; readonly url: string }

export interface DatabaseHandle {
  readonly kind: DatabaseTarget["kind"]
  readonly db: Kysely<Database>
  /**
   * Subscribes to `pg_notify(channel, payload)`; payloads arrive after the sender's transaction commits.
   * onLost, then onRelisten: the listening connection was lost, then restored (PostgreSQL only; PGlite is
   * in-process and never loses it).
   */
  readonly listen: Listen
  /** Closes listeners and connections (and releases the data folder). Safe to call twice. */
  readonly close: () => Promise<void>
}

export interface OpenOptions {
  /** Errors on idle connections, which would otherwise crash the process. */
  readonly onError?: (error: Error) => void
  /** Told the text of every statement the queries send, BEGIN and COMMIT included (tests count them). */
  readonly onStatement?: OnStatement
}

/**
 * Connections an instance holds to PostgreSQL (the LISTEN connection is one more). Once opened they stay open:
 * pg's pool would close a connection idle for 10 s, and the burst after a quiet spell would then wait while
 * new backends start and load their caches (bench/RESULTS.md, eighteenth session).
 */
const POOL_SIZE = 10

/** Wraps an already created PGlite (tests load theirs from a seeded snapshot). */
export function fromPglite(
  pglite: PGlite,
  release: () => void = () => undefined,
  onStatement?: OnStatement,
): DatabaseHandle {
  const db = new Kysely<Database>({
    dialect: withCommitHooks(withStatementObserver(new PGliteDialect(pglite), onStatement)),
  })
  let closing: Promise<void> | null = null
  return {
    kind: "pglite",
    db,
    listen: (channel, onPayload) => pglite.listen(channel, onPayload),
    close: () => {
      // Destroying the Kysely instance closes the PGlite it wraps.
      closing ??= db.destroy().finally(release)
      return closing
    },
  }
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir === undefined) return fromPglite(await PGlite.create())
  const release = lockDataDir(dataDir)
  try {
    return fromPglite(await PGlite.create(dataDir), release)
  } catch (error) {
    release()
    throw error
  }
}

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
  const onError = options.onError ?? (() => undefined)
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, min: POOL_SIZE })
  pool.on("error", onError)
  const db = new Kysely<Database>({
    dialect: withCommitHooks(
      withStatementObserver(new PostgresDialect({ pool: namedStatementPool(pool) }), options.onStatement),
    ),
  })
  const listener = createPgListener(url, onError)
  let closing: Promise<void> | null = null
  return {
    kind: "postgres",
    db,
    listen: listener.listen,
    close: () => {
      closing ??= listener.close().finally(() => db.destroy())
      return closing
    },
  }
}

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (target.kind === "pglite") return openPglite(target.dataDir)
  const handle = openPostgres(target.url, options)
  try {
    // Fail at start with the connection error rather than on the first request.
    await handle.db.selectNoFrom((eb) => eb.lit(1).as("ok")).execute()
    return handle
  } catch (error) {
    await handle.close().catch(() => undefined)
    throw error
  }
}
