import { useEffect, useRef, useSyncExternalStore } from "react"
// Loaded with the panel, so that 'Export trace' needs no further chunk (and works offline).
import "../../effects/trace-download"
import type { TraceRecorder } from "../../effects/trace-recorder"
import { useRecorder } from "./recorder-context"
import * as css from "./support.css"
import { useSupport, useSupportSend } from "./support-hooks"
import { actorRows, filterChoices, LOG_SIZE, logRows } from "./support-rows"

// The support panel (its own chunk): every actor of the system and the last 500 events, live, from the trace
// recorder; nothing here needs the network.

const NO_RECORDER = { subscribe: () => () => {}, version: () => 0 }

function useRecorded(recorder: TraceRecorder | null): number {
  const source = recorder ?? NO_RECORDER
  return useSyncExternalStore(source.subscribe, source.version)
}

export default function SupportPanel() {
  const recorder = useRecorder()
  useRecorded(recorder)
  const send = useSupportSend()
  const filter = useSupport((v) => v.filter)
  const exporting = useSupport((v) => v.exporting)
  const exportError = useSupport((v) => v.exportError)
  const actors = recorder ? actorRows(recorder) : []
  const rows = recorder ? logRows(recorder, filter) : []
  const choices = recorder ? filterChoices(recorder, filter) : []
  const self = useRef<HTMLElement>(null)
  // Takes focus when it opens and gives it back when it closes: to what had it, or the page if that has gone
  // (the user menu's item closes with its menu).
  useEffect(() => {
    const opener = document.activeElement
    self.current?.focus()
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) opener.focus()
      else document.getElementById("main")?.focus()
    }
  }, [])

  return (
    <section
      ref={self}
      tabIndex={-1}
      role="dialog"
      aria-label="Support panel"
      className={css.panel}
      onKeyDown={(e) => {
        if (e.key === "Escape") send({ type: "support.close" })
      }}
    >
      <div className={css.header}>
        <h2 className={css.title}>Support panel</h2>
        <button
          type="button"
          className={css.button}
          disabled={exporting || !recorder}
          onClick={() => send({ type: "support.export" })}
        >
          {exporting ? "Exporting…" : "Export trace"}
        </button>
        <button type="button" className={css.button} onClick={() => send({ type: "support.close" })}>
          Close
        </button>
      </div>
      {exportError ? (
        <p role="alert" className={css.error}>
          {exportError}
        </p>
      ) : null}
      <div className={css.actors}>
        <table className={css.table} aria-label="Actors">
          <thead>
            <tr>
              <th scope="col">Actor</th>
              <th scope="col">Status</th>
              <th scope="col">State</th>
              <th scope="col">Context</th>
            </tr>
          </thead>
          <tbody>
            {actors.map((a) => (
              <tr key={a.id} data-actor={a.label}>
                <th scope="row">{a.label}</th>
                <td>{a.status}</td>
                <td data-testid={`state-${a.label}`}>{a.state}</td>
                <td>{a.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <label className={css.filter}>
        Filter by actor
        <select
          value={filter ?? ""}
          onChange={(e) =>
            send({ type: "support.filter", actor: e.target.value === "" ? null : e.target.value })
          }
        >
          <option value="">All actors</option>
          {choices.map((ref) => (
            <option key={ref.sessionId} value={ref.sessionId}>
              {ref.systemId ?? ref.id}
            </option>
          ))}
        </select>
      </label>
      <div className={css.log}>
        <table className={css.table} aria-label={`Last ${LOG_SIZE} events`}>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Event</th>
              <th scope="col">Payload</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.seq}>
                <td>{r.time}</td>
                <td>{r.from}</td>
                <td>{r.to}</td>
                <td>{r.type}</td>
                <td>{r.payload}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
