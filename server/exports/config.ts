// Export settings. EXPORT_BATCH_ROWS is how many rows one database read fetches while a CSV streams: a
// batch is written before the next is read, so memory holds about one batch whatever the file's size.
// EXPORT_LINK_SECONDS is how long a download address stays valid: long enough to follow at once, short
// enough that a copied address is of no use later.
import type { Env } from "../config"

export const EXPORT_BATCH_ROWS = 1000
export const EXPORT_LINK_SECONDS = 60

export interface ExportConfig {
  readonly batchRows: number
  readonly linkSeconds: number
}

const integer = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const raw = env[name]?.trim()
  const value = raw ? Number(raw) : fallback
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}".`)
  return value
}

export function exportConfig(env: Env = process.env): ExportConfig {
  return {
    batchRows: integer(env, "EXPORT_BATCH_ROWS", EXPORT_BATCH_ROWS, 1, 50_000),
    linkSeconds: integer(env, "EXPORT_LINK_SECONDS", EXPORT_LINK_SECONDS, 5, 3600),
  }
}
