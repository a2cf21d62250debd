import { fromPromise } from "xstate"
import { supportMachine } from "../../machines/support/support.machine"
import type { TraceRecorder } from "./trace-recorder"

/** The support machine with its one piece of IO: the trace download, whose code loads only when it is used. */
export function provideSupport(recorder: TraceRecorder) {
  return supportMachine.provide({
    actors: {
      exportTrace: fromPromise<void>(async () => {
        const { downloadTrace } = await import("./trace-download")
        downloadTrace(recorder)
      }),
    },
  })
}
