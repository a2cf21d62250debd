// The notification table's CHECK constraints repeat lists that the wire schema owns (types, priorities,
// channels). A value added to a list but not to its constraint passes every other test until the first insert
// of it fails in production, so this reads the constraints from the migrated database and compares.

import { PGlite } from "@electric-sql/pglite"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type DatabaseHandle, fromPglite } from "../../server/db/database"
import { runMigrations } from "../../server/db/migrate"
import { CHANNELS, NOTIFICATION_TYPES, PRIORITIES } from "../../src/schema/notifications/notifications"

/** The quoted values of the CHECK constraint on `column` of the notification table. */
async function allowedBy(database: DatabaseHandle, column: string): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = any (c.conkey)
    where t.relname = 'notification' and c.contype = 'c' and a.attname = ${column}`.execute(database.db)
  return rows.flatMap((row) => [...row.definition.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? ""))
}

const missing = (from: readonly string[], inList: readonly string[]) =>
  inList.filter((v) => !from.includes(v))

describe("the notification table's CHECK constraints against the lists in src/schema/notifications/notifications.ts", () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = fromPglite(await PGlite.create())
    await runMigrations(database.db)
  })
  afterAll(async () => {
    await database?.close()
  })

  it.each([
    ["notification_type", "NOTIFICATION_TYPES", NOTIFICATION_TYPES],
    ["priority", "PRIORITIES", PRIORITIES],
    ["channel", "CHANNELS", CHANNELS],
  ] as const)("allows exactly the values of the list for %s", async (column, listName, list) => {
    const allowed = await allowedBy(database, column)
    expect(
      missing(allowed, list),
      `in ${listName} but refused by the CHECK constraint on notification.${column}: add a migration that ` +
        "replaces the constraint (docs/contributing.md, Server recipes: add a notification type)",
    ).toEqual([])
    expect(
      missing(list, allowed),
      `allowed by the CHECK constraint on notification.${column} but not in ${listName}`,
    ).toEqual([])
  })
})
