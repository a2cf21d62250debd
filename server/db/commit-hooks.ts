// Work a transaction does as its very last statement, just before COMMIT, and work that follows the commit on
// the same connection: the live change log (server/live/change-log.ts) writes its entries as one statement
// and gives them positions once they are committed. The dialect's driver writes what the transaction's
// connection collected; a rollback drops it.
import type { DatabaseConnection, Dialect, Driver } from "kysely"

type AfterCommit = (connection: DatabaseConnection) => Promise<void>

interface Collected {
  readonly key: symbol
  readonly items: unknown[]
  readonly write: (connection: DatabaseConnection, items: ReadonlyArray<unknown>) => Promise<void>
  readonly afterCommit: (() => AfterCommit) | undefined
}

/** Per connection, what its open transaction collected, by collector. */
const open = new WeakMap<DatabaseConnection, Map<symbol, Collected>>()

export interface Collector<T> {
  readonly key: symbol
  /** Runs once, just before the commit, with everything collected in the transaction, in order. */
  readonly write: (connection: DatabaseConnection, items: ReadonlyArray<T>) => Promise<void>
  /**
   * Makes, once per database, what runs after each such transaction has committed, before its connection goes
   * back to the pool (so that it may keep state across the database's transactions). What it makes must not
   * throw: the transaction's work is done, and its caller must not hear of a failure it cannot undo.
   */
  readonly afterCommit?: () => AfterCommit
}

/** Adds items to what this connection's open transaction writes just before it commits. */
export function collect<T>(connection: DatabaseConnection, collector: Collector<T>, items: ReadonlyArray<T>) {
  let byKey = open.get(connection)
  if (!byKey) {
    byKey = new Map()
    open.set(connection, byKey)
  }
  const found = byKey.get(collector.key)
  if (found) found.items.push(...items)
  // The collector's own items come back to it: the map's value type cannot say so per key.
  else
    byKey.set(collector.key, {
      key: collector.key,
      items: [...items],
      write: collector.write as Collected["write"],
      afterCommit: collector.afterCommit,
    })
}

/** How many items the connection's open transaction has collected for the collector so far. */
export function collectedCount<T>(connection: DatabaseConnection, collector: Collector<T>): number {
  return open.get(connection)?.get(collector.key)?.items.length ?? 0
}

/** Writes what the connection's transaction collected; returns what to run once it has committed. */
async function writeCollected(connection: DatabaseConnection): Promise<Collected[]> {
  const byKey = open.get(connection)
  open.delete(connection)
  const collected = [...(byKey?.values() ?? [])]
  for (const { items, write } of collected) await write(connection, items)
  return collected
}

function collectingDriver(driver: Driver): Driver {
  const afterCommits = new Map<symbol, AfterCommit>()
  const afterCommitOf = ({ key, afterCommit }: Collected): AfterCommit | undefined => {
    if (!afterCommit) return undefined
    const made = afterCommits.get(key) ?? afterCommit()
    afterCommits.set(key, made)
    return made
  }
  return {
    init: () => driver.init(),
    acquireConnection: () => driver.acquireConnection(),
    beginTransaction: (connection, settings) => {
      open.delete(connection)
      return driver.beginTransaction(connection, settings)
    },
    // A write that fails fails the commit: Kysely rolls the transaction back and the caller sees the error.
    commitTransaction: async (connection) => {
      const collected = await writeCollected(connection)
      await driver.commitTransaction(connection)
      for (const c of collected) await afterCommitOf(c)?.(connection)
    },
    rollbackTransaction: (connection) => {
      open.delete(connection)
      return driver.rollbackTransaction(connection)
    },
    ...(driver.savepoint ? { savepoint: driver.savepoint.bind(driver) } : {}),
    ...(driver.rollbackToSavepoint ? { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) } : {}),
    ...(driver.releaseSavepoint ? { releaseSavepoint: driver.releaseSavepoint.bind(driver) } : {}),
    releaseConnection: (connection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
  }
}

/** The dialect, with transactions that write what they collected just before they commit. */
export function withCommitHooks(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => collectingDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  }
}
