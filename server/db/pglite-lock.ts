// PGlite has no lock of its own: two processes opening one data folder both write to it and corrupt it.
// The server (or `npm run seed`) holds this lock file for as long as it has the folder open.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"

export const LOCK_FILE = "backoffice.lock"

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError"
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
        "Stop the server first; PGlite cannot be opened by two processes at once. " +
        `If no such process is running, delete ${join(dataDir, LOCK_FILE)}.`,
    )
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return typeof error === "object" && error !== null && "code" in error && error.code === "EPERM"
  }
}

/** Lock files this process holds: a file naming our pid that is not in here is from an earlier process that
 * happened to have the same pid (common in containers, where the server is always pid 1). */
const held = new Set<string>()

const holder = (path: string): number | null => {
  try {
    const pid = Number(readFileSync(path, "utf8").trim())
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/** Takes the lock or throws DataDirLockedError; returns the release function. A dead holder's lock is taken over. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: "wx" })
      held.add(path)
      const release = () => {
        process.off("exit", release)
        if (!held.delete(path)) return
        if (holder(path) === process.pid) rmSync(path, { force: true })
      }
      // A crash still leaves a stale lock, which the next start recognises by its dead pid.
      process.on("exit", release)
      return release
    } catch (error) {
      if (!(typeof error === "object" && error !== null && "code" in error && error.code === "EEXIST"))
        throw error
      const pid = holder(path)
      const ours = pid === process.pid
      if (pid !== null && (ours ? held.has(path) : isAlive(pid))) throw new DataDirLockedError(dataDir, pid)
      rmSync(path, { force: true })
    }
  }
  throw new DataDirLockedError(dataDir, holder(path) ?? 0)
}
