import { createContext, type ReactNode, useContext } from "react"
import type { TraceRecorder } from "../../effects/support/trace-recorder"

// The trace recorder watches the actor system from outside it; the support panel reads it through this context.

const RecorderContext = createContext<TraceRecorder | null>(null)

export function RecorderProvider({ recorder, children }: { recorder: TraceRecorder; children: ReactNode }) {
  return <RecorderContext.Provider value={recorder}>{children}</RecorderContext.Provider>
}

export function useRecorder(): TraceRecorder | null {
  return useContext(RecorderContext)
}
