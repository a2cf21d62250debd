// Sees every statement a dialect's connections send, BEGIN and COMMIT included: the contract tests count what
// one call costs the database with it (test/contract/marketplace/decision-statements.test.ts), since a
// decision's latency under load is mostly the database's work per statement (bench/RESULTS.md).
import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from "kysely"

export type OnStatement = (sql: string) => void

const watched = new WeakSet<DatabaseConnection>()

function watch(connection: DatabaseConnection, onStatement: OnStatement): DatabaseConnection {
  if (watched.has(connection)) return connection
  watched.add(connection)
  // Patched in place rather than wrapped: the drivers run BEGIN and COMMIT through the connection they gave
  // out, and the commit hooks key their work by that same object.
  const executeQuery = connection.executeQuery.bind(connection)
  const streamQuery = connection.streamQuery.bind(connection)
  connection.executeQuery = (query: CompiledQuery) => {
    onStatement(query.sql)
    return executeQuery(query)
  }
  connection.streamQuery = (query: CompiledQuery, chunkSize?: number) => {
    onStatement(query.sql)
    return streamQuery(query, chunkSize)
  }
  return connection
}

function watchingDriver(driver: Driver, onStatement: OnStatement): Driver {
  return {
    init: () => driver.init(),
    acquireConnection: async () => watch(await driver.acquireConnection(), onStatement),
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    ...(driver.savepoint ? { savepoint: driver.savepoint.bind(driver) } : {}),
    ...(driver.rollbackToSavepoint ? { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) } : {}),
    ...(driver.releaseSavepoint ? { releaseSavepoint: driver.releaseSavepoint.bind(driver) } : {}),
    releaseConnection: (connection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
  }
}

/** The dialect, telling onStatement of each statement before it is sent; none: the dialect as it is. */
export function withStatementObserver(dialect: Dialect, onStatement: OnStatement | undefined): Dialect {
  if (onStatement === undefined) return dialect
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => watchingDriver(dialect.createDriver(), onStatement),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  }
}
