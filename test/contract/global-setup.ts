import { dumpMigratedDatabase } from "./pglite-migrated"

/** One migrated database for the whole contract run (test/contract/pglite-migrated.ts). */
export default async function setup(): Promise<void> {
  await dumpMigratedDatabase()
}
