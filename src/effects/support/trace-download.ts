import { Schema } from "effect"
import { Trace } from "../../schema/support/trace"
import { buildTrace } from "./trace-build"
import type { TraceRecorder } from "./trace-recorder"

/** How long the file's object URL outlives the click: the browser has started the download well before. */
const REVOKE_AFTER_MS = 60_000

export const traceFileName = (trace: Trace): string =>
  `trace-${trace.startedAt.replace(/[:.]/g, "-")}-${trace.userCategory ?? "signed-out"}.json`

/** 'Export trace': the recorded session, redacted and checked against the trace Schema, saved as a file. */
export function downloadTrace(recorder: TraceRecorder): void {
  const trace = Schema.encodeSync(Trace)(buildTrace(recorder))
  const url = URL.createObjectURL(new Blob([JSON.stringify(trace)], { type: "application/json" }))
  const link = document.createElement("a")
  link.href = url
  link.download = traceFileName(trace)
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}
