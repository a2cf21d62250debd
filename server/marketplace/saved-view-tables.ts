import type { ColumnType, Generated } from "kysely"

// Kysely row type of saved_view (SQL in ./saved-views-migration.ts).

export interface SavedViewTable {
  id: Generated<number>
  uuid: Generated<string>
  owner_user_id: number
  owner_name: string
  name: string
  list: string
  query: string
  shared: ColumnType<boolean, boolean | undefined, boolean>
  created_at: ColumnType<Date, Date | string, Date | string>
}

/** Appended to the server's Database interface (server/db/schema.ts). */
export interface SavedViewTables {
  saved_view: SavedViewTable
}
