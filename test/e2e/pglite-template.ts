// Creating an embedded database runs PostgreSQL's initdb, about 2 s of CPU (10 s and more on a busy CI
// machine) for every server an end-to-end file starts. The global set-up creates one empty database folder
// per run, and each server starts from a copy of it: the server's own migrations and demo seed still run, so
// every server sees the data a fresh `npm start` would, seeded at its own time.
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs"
import { resolve } from "node:path"
import { PGlite } from "@electric-sql/pglite"

export const PGLITE_TEMPLATE = resolve("test-results/e2e-pglite-template")

export async function createPgliteTemplate(): Promise<void> {
  rmSync(PGLITE_TEMPLATE, { recursive: true, force: true })
  mkdirSync(PGLITE_TEMPLATE, { recursive: true })
  const pglite = await PGlite.create(PGLITE_TEMPLATE)
  await pglite.close()
}

/** Fills an empty data folder from the template when there is one (a single file run without the set-up has none). */
export function copyPgliteTemplate(dataDir: string): void {
  if (existsSync(PGLITE_TEMPLATE)) cpSync(PGLITE_TEMPLATE, dataDir, { recursive: true })
}
