import { Readable } from "node:stream"
import { setImmediate as nextTurn } from "node:timers/promises"
import { csvHead, csvRow } from "./csv"
import type { Cursor } from "./keyset"
import type { ExportPlan } from "./plan"

// A plan as a byte stream that reads the database only as fast as the client takes the file: Readable.from
// pulls the next batch when the socket has drained what it has (a byte stream's buffer is 16 KB), so memory
// holds about one batch however long the file. When the client goes away Fastify destroys the stream, the
// generator is returned, and no further batch is read.

export interface ExportEnd {
  readonly rows: number
  /** False when the client went away (or a read failed) before the last row. */
  readonly complete: boolean
}

export function exportStream(plan: ExportPlan, batchRows: number, onEnd: (end: ExportEnd) => void): Readable {
  async function* lines(): AsyncGenerator<string> {
    let rows = 0
    let complete = false
    try {
      yield csvHead(plan.headers)
      let after: Cursor | null = null
      do {
        const batch = await plan.batch(after, batchRows)
        rows += batch.rows.length
        if (batch.rows.length > 0) yield batch.rows.map(csvRow).join("")
        after = batch.next
        // One turn of the event loop between batches: an embedded database answers without waiting on IO,
        // so without it a long export would keep this instance's other calls (and a client's abort) waiting.
        await nextTurn()
      } while (after !== null)
      complete = true
    } finally {
      onEnd({ rows, complete })
    }
  }
  return Readable.from(lines(), { objectMode: false })
}
