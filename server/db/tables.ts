// Tables the database layer itself owns. Domain tables live beside their domain (server/auth/tables.ts).
import type { Generated } from "kysely"

export interface SchemaMigrationTable {
  name: string
  applied_at: Generated<Date>
}

/** Secrets generated once and shared by every instance on the same database (e.g. the JWT key). */
export interface ServerSecretTable {
  name: string
  value: string
  created_at: Generated<Date>
}

export interface CoreTables {
  schema_migration: SchemaMigrationTable
  server_secret: ServerSecretTable
}
