import type { CsvValue } from "./csv"
import type { Cursor } from "./keyset"

/** One export: its file name, its header row, and how to read the next batch of its rows. */
export interface ExportPlan {
  readonly filename: string
  readonly headers: ReadonlyArray<string>
  /** The rows after the cursor (from the start when null), at most `limit`, and where the next batch starts. */
  readonly batch: (
    after: Cursor | null,
    limit: number,
  ) => Promise<{ readonly rows: ReadonlyArray<ReadonlyArray<CsvValue>>; readonly next: Cursor | null }>
}

/** "work-requests-pending-2026-11-26.csv": what, which view, and the day it was taken. */
export const exportFilename = (parts: ReadonlyArray<string | undefined>, at: Date): string =>
  `${[...parts.filter((p): p is string => p !== undefined && p !== ""), at.toISOString().slice(0, 10)]
    .join("-")
    .replace(/[^A-Za-z0-9-]+/g, "-")}.csv`
