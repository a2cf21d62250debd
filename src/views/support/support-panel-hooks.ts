import { useSyncExternalStore } from "react"
// Loaded with the panel, so that 'Export trace' needs no further chunk (and works offline).
import "../../effects/support/trace-download"
import type { TraceRecorder } from "../../effects/support/trace-recorder"
import { useRecorder } from "./recorder-context"
import {
  type ActorRow,
  actorRows,
  type BusRow,
  busRows,
  filterChoices,
  type LogRow,
  logRows,
} from "./support-rows"

// What the support panel shows, read from the trace recorder (its own chunk): every actor, the last events,
// the bus's messages with the actors that received them. Nothing here needs the network.

const NO_RECORDER = { subscribe: () => () => {}, version: () => 0 }

export interface SupportTables {
  readonly recording: boolean
  readonly actors: ReadonlyArray<ActorRow>
  readonly log: ReadonlyArray<LogRow>
  readonly bus: ReadonlyArray<BusRow>
  /** The actors the log can be filtered by: their sessionId and how a person names them. */
  readonly choices: ReadonlyArray<{ readonly id: string; readonly label: string }>
}

function useRecorded(recorder: TraceRecorder | null): number {
  const source = recorder ?? NO_RECORDER
  return useSyncExternalStore(source.subscribe, source.version)
}

export function useSupportTables(filter: string | null): SupportTables {
  const recorder = useRecorder()
  useRecorded(recorder)
  if (!recorder) return { recording: false, actors: [], log: [], bus: [], choices: [] }
  return {
    recording: true,
    actors: actorRows(recorder),
    log: logRows(recorder, filter),
    bus: busRows(recorder),
    choices: filterChoices(recorder, filter).map((ref) => ({
      id: ref.sessionId,
      label: ref.systemId ?? ref.id,
    })),
  }
}
