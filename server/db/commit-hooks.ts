// Work a transaction does as its very last statement, just before COMMIT: the live change log's append
// (server/live/change-log.ts) takes a lock held until the commit, so taking it last keeps every other
// transaction's wait for it to one statement and the commit, not the whole of a decision (bench/RESULTS.md).
// The dialect's driver writes what the transaction's connection collected; a rollback drops it.
import type { DatabaseConnection, Dialect, Driver } from "kysely"

interface Collected {
  readonly items: unknown[]
  readonly write: (connection: DatabaseConnection, items: ReadonlyArray<unknown>) => Promise<void>
}

/** Per connection, what its open transaction collected, by collector. */
const open = new WeakMap<DatabaseConnection, Map<symbol, Collected>>()

export interface Collector<T> {
  readonly key: symbol
  /** Runs once, just before the commit, with everything collected in the transaction, in order. */
  readonly write: (connection: DatabaseConnection, items: ReadonlyArray<T>) => Promise<void>
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
  else byKey.set(collector.key, { items: [...items], write: collector.write as Collected["write"] })
}

async function writeCollected(connection: DatabaseConnection): Promise<void> {
  const byKey = open.get(connection)
  open.delete(connection)
  for (const { items, write } of byKey?.values() ?? []) await write(connection, items)
}

function collectingDriver(driver: Driver): Driver {
  return {
    init: () => driver.init(),
    acquireConnection: () => driver.acquireConnection(),
    beginTransaction: (connection, settings) => {
      open.delete(connection)
      return driver.beginTransaction(connection, settings)
    },
    // A write that fails fails the commit: Kysely rolls the transaction back and the caller sees the error.
    commitTransaction: async (connection) => {
      await writeCollected(connection)
      await driver.commitTransaction(connection)
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
