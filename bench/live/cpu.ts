// CPU time from /proc (Linux, same machine): of one process, and of a whole PostgreSQL cluster (its postmaster,
// the children it runs and those it has reaped, so a backend that exits mid-run still counts). Anything else
// using the same cluster meanwhile counts too. Null where /proc cannot say (another OS, a remote database).
import { readdirSync, readFileSync } from "node:fs"

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const TICKS_PER_SECOND = 100

/** The fields after the command name of /proc/PID/stat (field 3 onward), or null. */
const statOf = (pid: number): string[] | null => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8")
    return text.slice(text.lastIndexOf(")") + 2).split(" ")
  } catch {
    return null
  }
}

// Offsets in statOf's fields: ppid 1, utime 11, stime 12, cutime 13, cstime 14.
const ticks = (fields: string[], from: number, to: number) =>
  fields.slice(from, to + 1).reduce((sum, field) => sum + Number(field), 0)

/** CPU milliseconds the process has used, or null. */
export function processCpuMs(pid: number): number | null {
  const fields = statOf(pid)
  return fields ? (ticks(fields, 11, 12) * 1000) / TICKS_PER_SECOND : null
}

/** The postmaster of the cluster a backend (by its pid, `select pg_backend_pid()`) belongs to, or null. */
export function postmasterOf(backendPid: number): number | null {
  const fields = statOf(backendPid)
  return fields ? Number(fields[1]) : null
}

/** CPU milliseconds the cluster has used, or null. */
export function clusterCpuMs(postmaster: number): number | null {
  const own = statOf(postmaster)
  if (!own) return null
  let total = ticks(own, 11, 14)
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    const fields = statOf(Number(entry))
    if (fields && Number(fields[1]) === postmaster) total += ticks(fields, 11, 12)
  }
  return (total * 1000) / TICKS_PER_SECOND
}

/** CPU milliseconds used so far by every running process whose name (/proc/PID/comm) matches `name`. */
export function processesCpuMs(name: RegExp): number {
  let total = 0
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (!name.test(readFileSync(`/proc/${entry}/comm`, "utf8").trim())) continue
    } catch {
      continue
    }
    const fields = statOf(Number(entry))
    if (fields) total += ticks(fields, 11, 12)
  }
  return (total * 1000) / TICKS_PER_SECOND
}
